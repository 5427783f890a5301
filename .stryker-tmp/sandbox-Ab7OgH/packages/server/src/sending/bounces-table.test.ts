// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { BOUNCE_RULES, HARD_CATEGORIES, classifyBounce, type BounceCategory } from './bounces.ts';

/*
 * Issue 24, finding 8: the classification tested from its tables. Every enhanced status code of the table
 * has a case here whose reply carries only the code (no word can win first), every word rule has a case,
 * and a table entry without a case here fails. The expected categories are written here, not read from
 * the table: a changed entry turns a case red.
 */

const ENHANCED_EXPECTED: Record<string, BounceCategory> = {
  '1.0': 'bad-mailbox',
  '1.1': 'bad-mailbox',
  '1.2': 'bad-domain',
  '1.3': 'bad-mailbox',
  '1.6': 'inactive-mailbox',
  '1.7': 'invalid-sender',
  '1.8': 'invalid-sender',
  '1.10': 'bad-mailbox',
  '2.1': 'inactive-mailbox',
  '2.2': 'quota-issues',
  '2.3': 'content-related',
  '3.4': 'content-related',
  '3.5': 'bad-configuration',
  '4.1': 'no-answer-from-host',
  '4.2': 'bad-connection',
  '4.3': 'routing-errors',
  '4.4': 'routing-errors',
  '4.6': 'routing-errors',
  '4.7': 'message-expired',
  '5.0': 'protocol-errors',
  '5.1': 'protocol-errors',
  '5.2': 'protocol-errors',
  '5.4': 'protocol-errors',
  '6.0': 'content-related',
  '6.1': 'content-related',
  '7.23': 'invalid-sender',
  '7.25': 'invalid-sender',
  '7.26': 'invalid-sender',
  '7.27': 'invalid-sender',
};

/** One reply per word rule, in the table's order: [rule's category, a reply only that rule matches first]. */
const STRONG_CASES: [BounceCategory, string][] = [
  ['virus-related', 'message contains malware'],
  ['spam-related', 'rejected by Spamhaus'],
  ['quota-issues', 'mailbox is full'],
  ['relaying-issues', 'relay access denied'],
];
const WEAK_CASES: [BounceCategory, string][] = [
  ['inactive-mailbox', 'account disabled'],
  ['bad-mailbox', 'user unknown'],
  ['bad-domain', 'no such domain'],
  ['routing-errors', 'mail loop detected'],
  ['invalid-sender', 'bad sender'],
  ['content-related', 'attachment not accepted'],
  ['policy-related', 'prohibited by administrator'],
  ['protocol-errors', 'command unrecognized'],
  ['message-expired', 'message too old'],
  ['no-answer-from-host', 'timed out'],
  ['bad-connection', 'connection reset'],
];

describe('enhanced status codes: one case per table entry, the reply carrying only the code', () => {
  it('every entry of the table has a case here', () => {
    expect(Object.keys(BOUNCE_RULES.enhanced).sort()).toEqual(Object.keys(ENHANCED_EXPECTED).sort());
  });

  it.each(Object.entries(ENHANCED_EXPECTED))('X.%s is %s', (subjectDetail, category) => {
    for (const cls of ['5', '4']) {
      const code = cls === '5' ? 550 : 450;
      expect(classifyBounce(code, `${code} ${cls}.${subjectDetail}.0`)).toBe(category);
      expect(classifyBounce(code, `${code} ${cls}.${subjectDetail}`)).toBe(category);
    }
  });

  it('5.2.x mailbox full stays soft: the address is not suppressed for good', () => {
    for (const reply of [
      '552 5.2.2',
      '552 5.2.2 The email account that you tried to reach has exhausted allowed storage space',
      '452 4.2.2 Mailbox full',
    ])
      expect(HARD_CATEGORIES.has(classifyBounce(Number(reply.slice(0, 3)), reply)), reply).toBe(false);
    expect(classifyBounce(552, '552 5.2.2 exhausted allowed storage space')).toBe('quota-issues');
  });
});

describe('word rules: one case per rule', () => {
  it('every rule has a case here, in order', () => {
    expect(BOUNCE_RULES.strong.map(([, c]) => c)).toEqual(STRONG_CASES.map(([c]) => c));
    expect(BOUNCE_RULES.weak.map(([, c]) => c)).toEqual(WEAK_CASES.map(([c]) => c));
  });

  it.each(STRONG_CASES)('strong: %s (%s), whatever the enhanced code says', (category, words) => {
    expect(classifyBounce(550, `550 5.1.1 ${words}`)).toBe(category);
  });

  it.each(WEAK_CASES)('weak: %s (%s), without an enhanced code', (category, words) => {
    expect(classifyBounce(550, `550 ${words}`)).toBe(category);
  });
});

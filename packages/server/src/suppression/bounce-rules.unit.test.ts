import { describe, expect, it } from 'vitest';
import {
  BASIC_RULES,
  BounceCategories,
  ENHANCED_RULES,
  OUTCOME_OF,
  STRONG_RULES,
  WEAK_RULES,
  type BounceCategory,
  type BounceOutcome,
} from './bounce-rules.ts';
import { categorize, classifyBounce } from './bounces.ts';

/*
 * The classifier tested from its tables, one case per row (issue 24 finding 8, issue 39): every enhanced
 * status code of the table has a case here whose reply carries only the code (no word can win first), every
 * word and basic-code rule has a case, and a table row without a case here fails. The expected values are
 * written here, not read from the tables: a changed row turns a case red. The real replies are in
 * bounce-corpus.unit.test.ts.
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
  ['spam-related', 'client host blocked using zen.spamhaus.org'],
  ['quota-issues', 'mailbox is full'],
  ['relaying-issues', 'relay access denied'],
  ['invalid-sender', 'unrouteable address; sender verify failed'],
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

const BASIC_EXPECTED: Record<number, BounceCategory> = {
  500: 'protocol-errors',
  501: 'protocol-errors',
  502: 'protocol-errors',
  503: 'protocol-errors',
  504: 'protocol-errors',
  421: 'bad-connection',
  552: 'quota-issues',
  553: 'bad-mailbox',
};

const OUTCOME_EXPECTED: Record<BounceCategory, BounceOutcome> = {
  'bad-configuration': 'infrastructure',
  'bad-connection': 'temporary',
  'bad-domain': 'permanent',
  'bad-mailbox': 'permanent',
  'content-related': 'infrastructure',
  'inactive-mailbox': 'permanent',
  'invalid-sender': 'infrastructure',
  'message-expired': 'infrastructure',
  'no-answer-from-host': 'temporary',
  other: 'temporary',
  'policy-related': 'infrastructure',
  'protocol-errors': 'infrastructure',
  'quota-issues': 'temporary',
  'relaying-issues': 'infrastructure',
  'routing-errors': 'temporary',
  'spam-related': 'infrastructure',
  'virus-related': 'infrastructure',
};

describe('outcomes: one case per category', () => {
  it('every category has an outcome here', () => {
    expect(Object.keys(OUTCOME_EXPECTED).sort()).toEqual([...BounceCategories].sort());
  });
  it.each(Object.entries(OUTCOME_EXPECTED))('%s is %s', (category, outcome) => {
    expect(OUTCOME_OF[category as BounceCategory]).toBe(outcome);
    // PMTA's bounceCat alone, with a reply that says nothing more.
    expect(classifyBounce({ text: '554 transaction failed', bounceCat: category })).toEqual({ category, outcome });
  });
});

describe('enhanced status codes: one case per table row, the reply carrying only the code', () => {
  it('every row of the table has a case here', () => {
    expect(ENHANCED_RULES.map((r) => r.code).sort()).toEqual(Object.keys(ENHANCED_EXPECTED).sort());
  });

  it.each(Object.entries(ENHANCED_EXPECTED))('X.%s is %s', (subjectDetail, category) => {
    for (const cls of ['5', '4']) {
      const code = cls === '5' ? 550 : 450;
      expect(categorize(code, `${code} ${cls}.${subjectDetail}.0`)).toBe(category);
      expect(categorize(code, `${code} ${cls}.${subjectDetail}`)).toBe(category);
    }
  });

  it('5.2.x mailbox full stays soft: the address is not suppressed at once', () => {
    for (const text of [
      '552 5.2.2',
      '552 5.2.2 The email account that you tried to reach has exhausted allowed storage space',
      '452 4.2.2 Mailbox full',
    ])
      expect(classifyBounce({ text }), text).toEqual({ category: 'quota-issues', outcome: 'temporary' });
  });
});

describe('word rules: one case per rule', () => {
  it('every rule has a case here, in order', () => {
    expect(STRONG_RULES.map((r) => r.category)).toEqual(STRONG_CASES.map(([c]) => c));
    expect(WEAK_RULES.map((r) => r.category)).toEqual(WEAK_CASES.map(([c]) => c));
  });

  it.each(STRONG_CASES)('strong: %s (%s), whatever the enhanced code says', (category, words) => {
    expect(categorize(550, `550 5.1.1 ${words}`)).toBe(category);
  });

  it.each(WEAK_CASES)('weak: %s (%s), without an enhanced code', (category, words) => {
    expect(categorize(550, `550 ${words}`)).toBe(category);
  });
});

describe('basic codes: one case per rule, read last', () => {
  it('every rule has a case here', () => {
    expect(BASIC_RULES.map((r) => r.code).sort()).toEqual(Object.keys(BASIC_EXPECTED).map(Number).sort());
  });

  it.each(Object.entries(BASIC_EXPECTED))('a bare %s is %s', (code, category) => {
    expect(categorize(Number(code), `${code} `)).toBe(category);
    expect(classifyBounce({ text: `${code} Requested action aborted` }).category).toBe(category);
  });

  it('a bare 552 is a full mailbox, never a dead one', () => {
    expect(classifyBounce({ text: '552 Requested mail action aborted: exceeded storage allocation' })).toEqual({
      category: 'quota-issues',
      outcome: 'temporary',
    });
    expect(classifyBounce({ code: 552, text: '' }).outcome).toBe('temporary');
  });

  it('an unknown reply is other, temporary; a 5.7.x the words do not explain is policy', () => {
    expect(classifyBounce({ text: '554 Transaction failed' })).toEqual({ category: 'other', outcome: 'temporary' });
    expect(classifyBounce({ text: '550 5.7.1 Go away' })).toEqual({
      category: 'policy-related',
      outcome: 'infrastructure',
    });
  });
});

describe('the order: bounceCat, then strong words, then codes and words', () => {
  it('takes PMTA bounceCat over the reply', () => {
    expect(classifyBounce({ text: '550 5.1.1 user unknown', bounceCat: 'quota-issues' }).category).toBe('quota-issues');
    // An unknown bounceCat is ignored.
    expect(classifyBounce({ text: '550 5.1.1 user unknown', bounceCat: 'weird' }).category).toBe('bad-mailbox');
  });

  it('never suppresses a recipient for a block list, whatever bounceCat says', () => {
    expect(
      classifyBounce({
        text: 'smtp;550 5.7.1 Service unavailable; client host blocked using Spamhaus',
        bounceCat: 'bad-mailbox',
      }),
    ).toEqual({ category: 'spam-related', outcome: 'infrastructure' });
  });

  it('a 4xx is never permanent: the receiver said "later"', () => {
    expect(classifyBounce({ text: '450 4.1.1 user unknown, try later' })).toEqual({
      category: 'bad-mailbox',
      outcome: 'temporary',
    });
    expect(classifyBounce({ code: 450, text: 'mailbox unavailable' }).outcome).toBe('temporary');
    expect(classifyBounce({ text: '4.1.1 (bad destination mailbox address)' }).outcome).toBe('temporary');
    expect(classifyBounce({ text: 'smtp; 550 5.1.1 user unknown' })).toEqual({
      category: 'bad-mailbox',
      outcome: 'permanent',
    });
  });
});

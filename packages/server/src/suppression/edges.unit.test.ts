import { describe, expect, it } from 'vitest';
import { classifyBounce } from './bounces.ts';
import { isValidEmail } from './email-syntax.ts';

/* Boundaries the mutation run (decision 1371) found untested: each case here killed a surviving mutant. */

describe('a permanent category under a transient code', () => {
  it.each([
    [399, 'permanent'],
    [400, 'temporary'],
    [499, 'temporary'],
    [500, 'permanent'],
  ])('user unknown with code %i is %s', (code, outcome) => {
    expect(classifyBounce({ code, text: `${code} 5.1.1 user unknown` }).outcome).toBe(outcome);
  });
});

describe("PMTA's bounceCat against the reply's words", () => {
  it('a block list named in the text wins over a recipient category', () => {
    expect(classifyBounce({ bounceCat: 'bad-mailbox', text: '550 5.7.1 blocked using zen.spamhaus.org' })).toEqual({
      category: 'spam-related',
      outcome: 'infrastructure',
    });
  });
  it('an infrastructure category stays as PMTA said', () => {
    expect(classifyBounce({ bounceCat: 'policy-related', text: '550 5.7.1 listed at spamhaus' }).category).toBe(
      'policy-related',
    );
  });
  it('words that are not infrastructure do not override it', () => {
    expect(classifyBounce({ bounceCat: 'bad-mailbox', text: '552 mailbox full' }).category).toBe('bad-mailbox');
  });
});

describe('address syntax at its limits', () => {
  const local = (n: number) => 'a'.repeat(n);
  it('takes 254 characters, refuses 255', () => {
    const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.com`; // 195 characters
    expect(isValidEmail(`${local(58)}@${domain}`)).toBe(true);
    expect(`${local(58)}@${domain}`).toHaveLength(254);
    expect(isValidEmail(`${local(59)}@${domain}`)).toBe(false);
  });
  it('takes a local part of 64, refuses 65 and none', () => {
    expect(isValidEmail(`${local(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${local(65)}@example.com`)).toBe(false);
    expect(isValidEmail('@example.com')).toBe(false);
  });
});

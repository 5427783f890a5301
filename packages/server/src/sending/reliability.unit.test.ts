import { describe, expect, it } from 'vitest';
import { speedOf } from './relays.ts';
import { outcomeOfBreak } from './transports/smtp.ts';

/** Issue 23, the pure parts: backoff never faster than normal; where a broken session leaves a message. */
describe('speedOf', () => {
  it.each([
    [60, 600, false, 60],
    [60, 600, true, 600],
    [1, 0, true, 1], // backoff 0 would be no pause at all: the normal pace holds
    [10, 5, true, 10],
    [0, 0, true, 0],
    [0, 5, true, 5],
  ])('normal %i, backoff %i, in backoff %s: one message per %i s', (normalSpeed, backoffSpeed, backoff, want) => {
    expect(speedOf({ normalSpeed, backoffSpeed, backoff })).toBe(want);
  });
});

describe('outcomeOfBreak', () => {
  const broken = { kind: 'unknown', reply: 'Connection closed unexpectedly' } as const;
  it('a break before the body was read (before 354, or while writing it) is dropped: sent again', () => {
    expect(outcomeOfBreak(broken, false)).toEqual({ kind: 'dropped', reply: broken.reply });
  });
  it('a break once the whole body went out (the final dot follows it) is unknown: interrupted', () => {
    expect(outcomeOfBreak(broken, true)).toEqual(broken);
  });
  it('a reply stays what it is', () => {
    const r = { kind: 'deferred', code: 421, reply: '421 busy' } as const;
    expect(outcomeOfBreak(r, false)).toBe(r);
  });
});

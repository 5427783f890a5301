import { describe, expect, it } from 'vitest';
import { rateReason } from './rate-pause.ts';

const base = {
  sent: 2000,
  delivered: 1000,
  complaints: 0,
  hardBounces: 0,
  complaintBp: 30,
  minDelivered: 1000,
  hardBounceBp: 500,
  minSent: 500,
};

describe('rateReason (decision 1391)', () => {
  it('pauses above the complaint line, once enough are delivered', () => {
    expect(rateReason({ ...base, complaints: 3 })).toBeNull(); // 0.3% is the line, not past it
    expect(rateReason({ ...base, complaints: 4 })).toBe(
      'Paused: the complaint rate 0.4% (4 complaints of 1000 delivered) passed the 0.3% limit.',
    );
    expect(rateReason({ ...base, delivered: 999, complaints: 50 })).toBeNull();
    expect(rateReason({ ...base, complaints: 400, complaintBp: 0 })).toBeNull(); // 0: never
  });

  it('pauses above the hard-bounce line, once enough are sent, and names both when both cross', () => {
    expect(rateReason({ ...base, hardBounces: 100 })).toBeNull(); // 5% of 2000
    expect(rateReason({ ...base, hardBounces: 101 })).toBe(
      'Paused: the hard-bounce rate 5.05% (101 hard bounces of 2000 sent) passed the 5% limit.',
    );
    expect(rateReason({ ...base, sent: 499, hardBounces: 400 })).toBeNull();
    expect(rateReason({ ...base, complaints: 7, hardBounces: 150, complaintBp: 25 })).toBe(
      'Paused: the complaint rate 0.7% (7 complaints of 1000 delivered) passed the 0.25% limit; ' +
        'the hard-bounce rate 7.5% (150 hard bounces of 2000 sent) passed the 5% limit.',
    );
  });
});

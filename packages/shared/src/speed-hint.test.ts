import { describe, expect, it } from 'vitest';
import { campaignDurationHint, speedHint } from './relays.ts';

describe('speedHint (issue 38: how long a campaign takes at a relay speed)', () => {
  it("says it for the spec's default of 60 s a message", () => {
    expect(speedHint(60)).toBe(
      'At 60 s a message one relay sends 60 an hour, 1,440 a day: 10,000 recipients take about 6.9 days on one relay, 16.7 hours on ten.',
    );
  });
  it('for a fast relay, in minutes', () => {
    expect(speedHint('1', 1_000)).toBe(
      'At 1 s a message one relay sends 3,600 an hour, 86,400 a day: 1,000 recipients take about 16.7 minutes on one relay, 1.7 minutes on ten.',
    );
  });
  it('nothing for no usable speed', () => {
    for (const v of [undefined, null, '', 'abc', 0, -5, 1.5]) expect(speedHint(v)).toBeNull();
  });
});

describe('campaignDurationHint (issue 38: at the campaign start)', () => {
  const relay = { active: true, backoff: false, normalSpeed: 60, backoffSpeed: 600 };
  it('adds up the active relays, each at its speed (backoff speed in backoff mode)', () => {
    // 1/60 + 1/600 + nothing from the inactive one: 11 messages a 600 s, 1,000 take 54,545 s.
    expect(
      campaignDurationHint(1_000, [relay, { ...relay, backoff: true }, { ...relay, active: false, normalSpeed: 1 }]),
    ).toBe('At these relay speeds (2 active relays), 1,000 recipients take about 15.2 hours.');
    expect(campaignDurationHint(30, [{ ...relay, normalSpeed: 2 }])).toBe(
      'At these relay speeds (1 active relay), 30 recipients take about 1 minute.',
    );
  });
  it('a short campaign in seconds', () => {
    expect(campaignDurationHint(40, [{ ...relay, normalSpeed: 1 }])).toBe(
      'At these relay speeds (1 active relay), 40 recipients take about 40 seconds.',
    );
  });
  it('says when no relay is active, and nothing for no count', () => {
    expect(campaignDurationHint(10, [{ ...relay, active: false }])).toBe(
      'No relay of this group is active: the campaign sends nothing until one is.',
    );
    expect(campaignDurationHint(Number.NaN, [relay])).toBeNull();
  });
});

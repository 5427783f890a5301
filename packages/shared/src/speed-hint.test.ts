import { describe, expect, it } from 'vitest';
import { speedHint } from './relays.ts';

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

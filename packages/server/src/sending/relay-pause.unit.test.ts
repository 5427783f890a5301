import { describe, expect, it } from 'vitest';
import { MIN_RESULTS, relayPauseReason } from './relay-pause.ts';

/* The lines of a relay's pause for one mail service (decisions 1362, 1442), and the reason in words. */

const base = {
  service: 'Gmail',
  infra: 0,
  results: 1000,
  complaints: 0,
  delivered: 1000,
  infraPct: 5,
  complaintBp: 30,
  minDelivered: 1000,
};

describe('relayPauseReason', () => {
  it.each<[string, Partial<typeof base>, string | null]>([
    ['nothing crossed', { infra: 49, complaints: 3 }, null],
    [
      'infrastructure bounces at the line',
      { infra: 50 },
      'Paused for Gmail: 50 infrastructure bounces of 1000 results (5%) reached the 5% limit in 24 hours.',
    ],
    ['infrastructure pause off (0)', { infra: 1000, infraPct: 0 }, null],
    ['too few results to judge', { infra: MIN_RESULTS - 1, results: MIN_RESULTS - 1 }, null],
    ['complaints at the line do not pause (strictly above)', { complaints: 3 }, null],
    [
      'complaints above the line',
      { complaints: 4 },
      'Paused for Gmail: 4 complaints of 1000 delivered (0.4%) passed the 0.3% limit in 24 hours.',
    ],
    ['complaints before enough are delivered', { complaints: 40, delivered: 999 }, null],
    ['complaint pause off (0)', { complaints: 500, complaintBp: 0 }, null],
    [
      'both',
      { infra: 60, complaints: 5 },
      'Paused for Gmail: 60 infrastructure bounces of 1000 results (6%) reached the 5% limit; ' +
        '5 complaints of 1000 delivered (0.5%) passed the 0.3% limit in 24 hours.',
    ],
  ])('%s', (_, over, reason) => {
    expect(relayPauseReason({ ...base, ...over })).toBe(reason);
  });
});

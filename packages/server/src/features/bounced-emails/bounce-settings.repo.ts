import { RATE_PAUSE_DEFAULTS, type BounceSettings, type BounceSettingsBody } from '@console/shared/bounced-emails';
import type { Executor } from '../../db/client.ts';
import { consoleSettings } from '../../db/schema/index.ts';
import { SOFT_BOUNCE_DEFAULTS } from '../../suppression/soft-bounces.ts';

const s = consoleSettings;

/**
 * The bounce settings (`console_settings`, decisions 1361, 1362, 1391); the defaults while the row is
 * missing. The rates are kept in hundredths of a percent (0.3% = 30).
 */
export async function bounceSettings(db: Executor): Promise<BounceSettings> {
  const [row] = await db
    .select({
      softBounceLimit: s.softBounceLimit,
      softBounceDays: s.softBounceDays,
      infraPausePercent: s.infraPausePercent,
      complaintBasisPoints: s.complaintPauseBasisPoints,
      complaintPauseMinDelivered: s.complaintPauseMinDelivered,
      hardBounceBasisPoints: s.hardBouncePauseBasisPoints,
      hardBouncePauseMinSent: s.hardBouncePauseMinSent,
    })
    .from(s);
  if (!row)
    return {
      softBounceLimit: SOFT_BOUNCE_DEFAULTS.limit,
      softBounceDays: SOFT_BOUNCE_DEFAULTS.days,
      infraPausePercent: 0,
      ...RATE_PAUSE_DEFAULTS,
    };
  const { complaintBasisPoints, hardBounceBasisPoints, ...rest } = row;
  return {
    ...rest,
    complaintPausePercent: complaintBasisPoints / 100,
    hardBouncePausePercent: hardBounceBasisPoints / 100,
  };
}

/** Saves a PUT's values; the rate settings a body leaves out keep their values. */
export async function setBounceSettings(db: Executor, v: BounceSettingsBody) {
  const set = {
    softBounceLimit: v.softBounceLimit,
    softBounceDays: v.softBounceDays,
    infraPausePercent: v.infraPausePercent,
    complaintPauseBasisPoints: basisPoints(v.complaintPausePercent),
    complaintPauseMinDelivered: v.complaintPauseMinDelivered,
    hardBouncePauseBasisPoints: basisPoints(v.hardBouncePausePercent),
    hardBouncePauseMinSent: v.hardBouncePauseMinSent,
  };
  const given = Object.fromEntries(Object.entries(set).filter(([, x]) => x !== undefined));
  await db
    .insert(s)
    .values({ id: true, ...given })
    .onConflictDoUpdate({ target: s.id, set: given });
}

const basisPoints = (percent: number | undefined) => (percent === undefined ? undefined : Math.round(percent * 100));

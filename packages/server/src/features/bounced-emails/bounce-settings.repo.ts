import type { BounceSettings } from '@console/shared/bounced-emails';
import type { Executor } from '../../db/client.ts';
import { consoleSettings } from '../../db/schema/index.ts';
import { SOFT_BOUNCE_DEFAULTS } from '../../suppression/soft-bounces.ts';

/** The bounce settings (`console_settings`, decisions 1361, 1362); the defaults while the row is missing. */
export async function bounceSettings(db: Executor): Promise<BounceSettings> {
  const [row] = await db
    .select({
      softBounceLimit: consoleSettings.softBounceLimit,
      softBounceDays: consoleSettings.softBounceDays,
      infraPausePercent: consoleSettings.infraPausePercent,
    })
    .from(consoleSettings);
  return (
    row ?? {
      softBounceLimit: SOFT_BOUNCE_DEFAULTS.limit,
      softBounceDays: SOFT_BOUNCE_DEFAULTS.days,
      infraPausePercent: 0,
    }
  );
}

export async function setBounceSettings(db: Executor, v: BounceSettings) {
  await db
    .insert(consoleSettings)
    .values({ id: true, ...v })
    .onConflictDoUpdate({ target: consoleSettings.id, set: v });
}

// @ts-nocheck
import { sql } from 'drizzle-orm';
import { Rating } from '@console/shared/enums';
import type { Executor } from '../db/client.ts';
import { pmtaRelays as r, relayReputations, reputationProviders } from '../db/schema/index.ts';

/**
 * A relay's status from its reputations (docs/decisions/0552): Poor when any active provider that affects
 * relay status rates it Poor; else Good when at least one such provider rates it Good; else Neutral.
 * Set-based, for some relays or all of them; the blocklist job and the
 * accounting's bounce rating call it after storing reputations, so it sits below both (issue 25).
 */
export async function recomputeRelayStatus(db: Executor, relayIds?: number[]) {
  const [neutral, good, poor] = [Rating.Neutral, Rating.Good, Rating.Poor].map((v) => sql.raw(String(v)));
  const only = relayIds ? sql`and rr.id = any(${sql.param(relayIds)}::int[])` : sql``;
  const res = await db.execute(sql`
    update ${r} set status = coalesce(x.status, ${neutral})
    from ${r} as rr
    left join lateral (
      select case when bool_or(rep.reputation = ${poor}) then ${poor}
                  when bool_or(rep.reputation = ${good}) then ${good} end as status
      from ${relayReputations} rep
      join ${reputationProviders} p on p.id = rep.provider_id and p.active and p.affects_relay_status
      where rep.relay_id = rr.id
    ) x on true
    where ${r.id} = rr.id ${only} and ${r.status} is distinct from coalesce(x.status, ${neutral})`);
  return res.rowCount ?? 0;
}

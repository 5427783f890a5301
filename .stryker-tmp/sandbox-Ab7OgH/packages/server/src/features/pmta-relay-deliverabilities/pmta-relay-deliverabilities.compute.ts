// @ts-nocheck
import type pg from 'pg';
import { CampaignType } from '@console/shared/enums';
import { transaction } from '../../db/transaction.ts';

/*
 * The hourly relay deliverability scores (decision 0919), set-based from the rollups of PMTA campaigns
 * (campaign_type CampaignType.PMTA, relay_id a PMTA relay; rows without a relay or a mail service are left out):
 *   score = 100 × (relay's delivered / (delivered + bounced) to the service)
 *               ÷ (every PMTA relay's delivered / (delivered + bounced) to the service)
 * over all time (event_rollup_daily), and the last 24 and 2 hours (event_rollup_hourly: the hour buckets
 * overlapping (now - N hours, now], i.e. from the hour holding now - N hours). A score is null where the
 * relay had no delivered + bounced to the service in the window, or where no relay delivered any.
 * One row per relay and service with traffic (delivered + bounced) at some time.
 */
const COMPUTE = `
with params as (select $1::timestamptz as now),
all_time as (
  select d.relay_id, d.mail_provider_id, sum(d.delivered)::float8 as delivered, sum(d.bounced)::float8 as bounced
  from event_rollup_daily d
  where d.campaign_type = ${CampaignType.PMTA} and d.relay_id in (select id from pmta_relays) and d.mail_provider_id <> 0
  group by 1, 2
  having sum(d.delivered) + sum(d.bounced) > 0
),
recent as (
  select h.relay_id, h.mail_provider_id,
         sum(h.delivered) filter (where h.hour >= date_trunc('hour', p.now - interval '24 hours'))::float8 as d24,
         sum(h.bounced) filter (where h.hour >= date_trunc('hour', p.now - interval '24 hours'))::float8 as b24,
         sum(h.delivered) filter (where h.hour >= date_trunc('hour', p.now - interval '2 hours'))::float8 as d2,
         sum(h.bounced) filter (where h.hour >= date_trunc('hour', p.now - interval '2 hours'))::float8 as b2
  from event_rollup_hourly h, params p
  where h.campaign_type = ${CampaignType.PMTA} and h.relay_id in (select id from pmta_relays) and h.mail_provider_id <> 0
    and h.hour >= date_trunc('hour', p.now - interval '24 hours') and h.hour <= p.now
  group by 1, 2
),
pairs as (
  select a.relay_id, a.mail_provider_id, a.delivered, a.bounced,
         coalesce(r.d24, 0) as d24, coalesce(r.b24, 0) as b24, coalesce(r.d2, 0) as d2, coalesce(r.b2, 0) as b2
  from all_time a left join recent r using (relay_id, mail_provider_id)
  where a.mail_provider_id in (select id from mail_providers)
),
overall as (
  select mail_provider_id, sum(delivered) / nullif(sum(delivered) + sum(bounced), 0) as rate,
         sum(d24) / nullif(sum(d24) + sum(b24), 0) as rate24, sum(d2) / nullif(sum(d2) + sum(b2), 0) as rate2
  from pairs group by 1
)
insert into pmta_relay_deliverabilities (relay_id, mail_provider_id, score_all_time, score24, score2, computed_at)
select p.relay_id, p.mail_provider_id,
       100 * (p.delivered / nullif(p.delivered + p.bounced, 0)) / nullif(o.rate, 0),
       100 * (p.d24 / nullif(p.d24 + p.b24, 0)) / nullif(o.rate24, 0),
       100 * (p.d2 / nullif(p.d2 + p.b2, 0)) / nullif(o.rate2, 0),
       (select now from params)
from pairs p join overall o using (mail_provider_id)
order by p.relay_id, p.mail_provider_id
on conflict (relay_id, mail_provider_id) do update
  set score_all_time = excluded.score_all_time, score24 = excluded.score24, score2 = excluded.score2,
      computed_at = excluded.computed_at`;

/**
 * Upserts every relay and service's scores and deletes the pairs without traffic any more, in one
 * transaction. `client` is a connection of its own (not in a transaction); runs one at a time.
 */
export async function computeRelayDeliverabilities(client: pg.ClientBase, now = new Date()): Promise<number> {
  return transaction(client, async () => {
    await client.query(`select pg_advisory_xact_lock(hashtext('pmta_relay_deliverabilities'))`);
    const { rowCount } = await client.query(COMPUTE, [now.toISOString()]);
    // The pairs this run did not write have no traffic (their relay or events are gone).
    await client.query('delete from pmta_relay_deliverabilities where computed_at <> $1::timestamptz', [
      now.toISOString(),
    ]);
    return rowCount ?? 0;
  });
}

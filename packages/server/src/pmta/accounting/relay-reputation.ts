import type pg from 'pg';
import { Rating, CampaignTypeOf } from '@console/shared/enums';
import type { AppContext } from '../../core/context.ts';
import { recomputeRelayStatus } from '../relay-status.ts';
import type { BounceCategory } from '../../suppression/bounce-rules.ts';

/*
 * "Reputation categories count against the relay" (issue 13; decision 0911): a spam-, policy-, content- or
 * virus-related bounce says the receiving side distrusts the sending IP or its mail, not that the address
 * is dead. Such bounces are counted per relay and hour; the built-in reputation provider 'PMTA bounces'
 * rates a relay Poor when, over the last 24 hours, at least MIN_BOUNCES of them make at least POOR_SHARE
 * of its PMTA results (delivered + bounced), Neutral otherwise. Like a blocklist's verdict, that rating
 * sets the relay's status (decision 0552) while the provider is active and affects relay status.
 */

export const REPUTATION_CATEGORIES: ReadonlySet<BounceCategory> = new Set([
  'spam-related',
  'policy-related',
  'content-related',
  'virus-related',
]);
const MIN_BOUNCES = 10;
const POOR_SHARE = 0.05;
const WINDOW_HOURS = 24;

/** What the reputation providers list says of the provider. */
export const BOUNCES_NOTE =
  `Counts each PMTA relay's spam-, policy-, content- and virus-related bounces in its server's accounting: ` +
  `Poor when over the last ${WINDOW_HOURS} hours at least ${MIN_BOUNCES} of them make ${POOR_SHARE * 100}% or more of its results.`;

/** Adds reputation bounces to their relays' hours, in the pull's transaction (relay ids with a time each). */
export async function addBounceSignals(client: pg.ClientBase, signals: { relayId: number; at: Date }[]) {
  if (!signals.length) return;
  await client.query(
    `insert into pmta_relay_bounce_signals (relay_id, hour, bounces)
     select s.relay_id, date_trunc('hour', s.at), count(*)
       from unnest($1::int[], $2::timestamptz[]) as s(relay_id, at)
       join pmta_relays r on r.id = s.relay_id
      group by 1, 2 order by 1, 2
     on conflict (relay_id, hour) do update set bounces = pmta_relay_bounce_signals.bounces + excluded.bounces`,
    [signals.map((s) => s.relayId), signals.map((s) => s.at.toISOString())],
  );
}

/** Rates the relays from their last 24 hours and derives their status again; returns how many were rated. */
export async function rateRelays(ctx: Pick<AppContext, 'db'>, relayIds: number[]): Promise<number> {
  if (!relayIds.length) return 0;
  const { rowCount } = await ctx.db.$client.query(
    `with since as (select date_trunc('hour', now()) - make_interval(hours => $2::int - 1) as hour),
     s as (
       select r.id,
              coalesce((select sum(b.bounces) from pmta_relay_bounce_signals b, since
                         where b.relay_id = r.id and b.hour >= since.hour), 0)::int as bad,
              coalesce((select sum(h.delivered + h.bounced) from event_rollup_hourly h, since
                         where h.relay_id = r.id and h.campaign_type = $3::smallint and h.hour >= since.hour), 0)::int as results
         from pmta_relays r where r.id = any($1::int[])
     )
     insert into relay_reputations (relay_id, provider_id, reputation, details, date)
     select s.id, p.id, case when s.bad >= $4::int and s.bad >= $5::numeric * s.results then $6::smallint else $7::smallint end,
            s.bad || ' of ' || s.results || ' results in the last ' || $2 || ' hours were spam-, policy-, content- or virus-related bounces.',
            now()
       from s cross join reputation_providers p where p.kind = 'bounces' and p.active
     on conflict (relay_id, provider_id)
     do update set reputation = excluded.reputation, details = excluded.details, date = excluded.date`,
    [relayIds, WINDOW_HOURS, CampaignTypeOf.pmta, MIN_BOUNCES, POOR_SHARE, Rating.Poor, Rating.Neutral],
  );
  await recomputeRelayStatus(ctx.db, relayIds);
  return rowCount ?? 0;
}

/**
 * After each round of pulls: relays rated Poor are rated again (a relay no campaign uses while it is Poor gets no
 * new records, yet its bad hours leave the window), and hours older than the window are dropped.
 */
export async function sweepRelayRatings(ctx: Pick<AppContext, 'db'>) {
  const { rows } = await ctx.db.$client.query<{ id: number }>(
    `select rr.relay_id as id from relay_reputations rr join reputation_providers p on p.id = rr.provider_id
      where p.kind = 'bounces' and rr.reputation = $1`,
    [Rating.Poor],
  );
  await rateRelays(
    ctx,
    rows.map((r) => r.id),
  );
  await ctx.db.$client.query(
    `delete from pmta_relay_bounce_signals where hour < date_trunc('hour', now()) - make_interval(hours => $1::int)`,
    [WINDOW_HOURS],
  );
}

import type pg from 'pg';
import { recordHardBounces, type HardBounce } from './bounced.ts';
import { statementName } from '../db/pooler.ts';

/*
 * Soft bounces (issue 39, decision 1361): a temporary bounce (a full mailbox, no answer, a routing error, a
 * 4xx given up on) is counted per address; `soft_bounce_limit` of them within `soft_bounce_days` (console
 * settings, 5 and 30 by default) with no delivery in between suppress the address as a hard bounce does.
 * A delivery forgets the bounces before it. Both run in the transaction that records the outcome.
 */

/** One soft bounce; `reason` is its category. */
export type SoftBounce = HardBounce;

const DIAGNOSTIC_MAX = 1000;
export const SOFT_BOUNCE_DEFAULTS = { limit: 5, days: 30 } as const;

/**
 * Adds the bounces to their addresses' windows; an address that reaches the limit goes to Bounced Emails
 * (its soft row is dropped). Returns the addresses newly suppressed, as recordHardBounces does.
 */
export async function recordSoftBounces(client: pg.ClientBase, bounces: SoftBounce[]): Promise<string[]> {
  if (!bounces.length) return [];
  const { rows } = await client.query<HardBounce & { count: number }>(
    `with s as (
       select coalesce(max(soft_bounce_limit), ${SOFT_BOUNCE_DEFAULTS.limit}) as lim,
              coalesce(max(soft_bounce_days), ${SOFT_BOUNCE_DEFAULTS.days}) as days from console_settings
     ),
     v as (
       select * from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::int[], $6::int[])
              with ordinality as v(email, reason, diagnostic, at, campaign_id, relay_id, n)
     ),
     g as (
       select v.email, array_agg(coalesce(v.at, now()) order by coalesce(v.at, now()), v.n) as ats,
              array_agg(c.user_id order by coalesce(v.at, now()), v.n) as owners,
              array_agg(v.reason order by coalesce(v.at, now()), v.n) as reasons,
              array_agg(v.diagnostic order by coalesce(v.at, now()), v.n) as diagnostics,
              (array_agg(v.reason order by coalesce(v.at, now()) desc, v.n desc))[1] as reason,
              (array_agg(v.diagnostic order by coalesce(v.at, now()) desc, v.n desc))[1] as diagnostic,
              (array_agg(c.id order by coalesce(v.at, now()) desc, v.n desc))[1] as campaign_id,
              (array_agg(v.relay_id order by coalesce(v.at, now()) desc, v.n desc))[1] as relay_id
         from v left join campaigns c on c.id = v.campaign_id
        group by v.email
     ),
     up as (
       insert into soft_bounces as b (email, bounces, owners, reasons, diagnostics, reason, diagnostic, campaign_id, relay_id)
       select email, ats, owners, reasons, diagnostics, reason, diagnostic, campaign_id, relay_id from g
        order by email -- one lock order for concurrent writers
       on conflict (email) do update
          set (bounces, owners, reasons, diagnostics) = (
                select array_agg(t order by t, i), array_agg(o order by t, i), array_agg(r order by t, i),
                       array_agg(d order by t, i)
                  from unnest(b.bounces || excluded.bounces, b.owners || excluded.owners,
                              b.reasons || excluded.reasons, b.diagnostics || excluded.diagnostics)
                       with ordinality as u(t, o, r, d, i)
                 where t > (select max(x) from unnest(b.bounces || excluded.bounces) x) - (select days from s) * interval '1 day'),
              reason = excluded.reason, diagnostic = excluded.diagnostic,
              campaign_id = excluded.campaign_id, relay_id = excluded.relay_id
       returning b.*
     )
     select up.email, up.reason, up.diagnostic, up.campaign_id as "campaignId", up.relay_id as "relayId",
            up.bounces[cardinality(up.bounces)] as at, cardinality(up.bounces) as count
       from up, s
      where cardinality(up.bounces) >= s.lim`,
    [
      bounces.map((b) => b.email),
      bounces.map((b) => b.reason),
      bounces.map((b) => b.diagnostic.slice(0, DIAGNOSTIC_MAX)),
      bounces.map((b) => b.at?.toISOString() ?? null),
      bounces.map((b) => b.campaignId),
      bounces.map((b) => b.relayId),
    ],
  );
  if (!rows.length) return [];
  await client.query(`delete from soft_bounces where email = any($1::text[])`, [rows.map((r) => r.email)]);
  return recordHardBounces(
    client,
    rows.map((r) => ({
      ...r,
      diagnostic: `${r.count} soft bounces without a delivery; the last: ${r.diagnostic ?? ''}`,
      campaignId: r.campaignId ?? 0,
    })),
  );
}

/** Forgets the soft bounces of delivered addresses that came before their delivery (`at`, else now). */
export async function resetSoftBounces(client: pg.ClientBase, deliveries: { email: string; at?: Date }[]) {
  if (!deliveries.length) return;
  // Named: it runs in every group commit of a sender's outcomes, and planning it cost PostgreSQL more than
  // running it (137 of 143 ms over 674 commits of 30,000 deliveries; decision 1495).
  const { rows } = await client.query<{ email: string; n: number }>({
    name: statementName('suppression.reset-soft-bounces'),
    text: `with v as (
       select email, max(coalesce(at, now())) as at from unnest($1::text[], $2::timestamptz[]) as v(email, at)
        group by email
     )
     update soft_bounces b
        set (bounces, owners, reasons, diagnostics) = (
              select coalesce(array_agg(t order by i), '{}'), coalesce(array_agg(o order by i), '{}'),
                     coalesce(array_agg(r order by i), '{}'), coalesce(array_agg(d order by i), '{}')
                from unnest(b.bounces, b.owners, b.reasons, b.diagnostics) with ordinality as u(t, o, r, d, i)
               where t > v.at)
       from v where b.email = v.email
     returning b.email, cardinality(b.bounces) as n`,
    values: [deliveries.map((d) => d.email), deliveries.map((d) => d.at?.toISOString() ?? null)],
  });
  const empty = rows.filter((r) => r.n === 0).map((r) => r.email);
  if (empty.length) await client.query(`delete from soft_bounces where email = any($1::text[])`, [empty]);
}

/** What an address's history shows of its soft bounces (decisions 1441, 1480): the count within the window now. */
export interface SoftBounceState {
  count: number;
  limit: number;
  days: number;
  last: { at: string; reason: string; diagnostic: string | null } | null;
}

/**
 * The address's soft bounces within the last `soft_bounce_days`, with the limit that suppresses it: all of them
 * (`owner` null: an administrator) or only those of the owner's campaigns (decision 1480).
 */
export async function softBounceState(
  client: pg.ClientBase | pg.Pool,
  email: string,
  owner: number | null,
): Promise<SoftBounceState> {
  const { rows } = await client.query<{
    limit: number;
    days: number;
    count: number;
    at: Date | null;
    reason: string | null;
    diagnostic: string | null;
  }>(
    `with s as (
       select coalesce(max(soft_bounce_limit), ${SOFT_BOUNCE_DEFAULTS.limit}) as lim,
              coalesce(max(soft_bounce_days), ${SOFT_BOUNCE_DEFAULTS.days}) as days from console_settings
     ),
     u as (
       -- a row written without the per-bounce arrays still has its last bounce's category and reply
       select u.t, coalesce(u.r, case when u.t = b.bounces[cardinality(b.bounces)] then b.reason end) as r,
              coalesce(u.d, case when u.t = b.bounces[cardinality(b.bounces)] then b.diagnostic end) as d
         from soft_bounces b, s,
              unnest(b.bounces, b.owners, b.reasons, b.diagnostics) as u(t, o, r, d)
        where b.email = $1 and u.t > now() - s.days * interval '1 day' and ($2::int is null or u.o = $2)
     )
     select s.lim as "limit", s.days, (select count(*)::int from u) as count, l.t as at, l.r as reason,
            l.d as diagnostic
       from s left join lateral (select * from u order by t desc limit 1) l on true`,
    [email, owner],
  );
  const r = rows[0]!;
  return {
    count: r.count,
    limit: r.limit,
    days: r.days,
    last: r.at ? { at: r.at.toISOString(), reason: r.reason ?? '', diagnostic: r.diagnostic } : null,
  };
}

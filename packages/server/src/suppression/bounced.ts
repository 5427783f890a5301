import type pg from 'pg';

/*
 * Bounced Emails (issue 22, decision 1111): a permanent bounce (bad-mailbox, bad-domain, inactive-mailbox:
 * decision 1360), or soft bounces at their limit (1361), suppresses its address for every list and campaign, in a table of its own rather than
 * among the spam traps. Both engines record here, in the transaction that records the bounce: the SMTP
 * sender's group commit (sending/outcomes.ts) and the PMTA accounting (pmta/accounting/campaigns.ts).
 */

export interface HardBounce {
  email: string;
  /** The bounce category. */
  reason: string;
  /** The reply or diagnostic as recorded (bounded). */
  diagnostic: string;
  campaignId: number;
  relayId: number | null;
  at?: Date;
}

const DIAGNOSTIC_MAX = 1000;

/**
 * Adds or refreshes the addresses (one row each: the last bounce wins, `count` grows); returns the addresses
 * that were not suppressed as bounced before, whose lists' validity must then be recomputed.
 */
export async function recordHardBounces(client: pg.ClientBase, bounces: HardBounce[]): Promise<string[]> {
  if (!bounces.length) return [];
  // One row per address per statement: ON CONFLICT DO UPDATE may not touch a row twice.
  const last = new Map<string, HardBounce & { times: number }>();
  for (const b of bounces) last.set(b.email, { ...b, times: (last.get(b.email)?.times ?? 0) + 1 });
  const rows = [...last.values()];
  const { rows: upserted } = await client.query<{ email: string; inserted: boolean }>(
    `insert into bounced_emails as b (email, reason, diagnostic, first_bounce_at, last_bounce_at, campaign_id, relay_id, count)
     select v.email, v.reason, v.diagnostic, coalesce(v.at, now()), coalesce(v.at, now()), c.id, v.relay_id, v.times
       from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::int[], $6::int[], $7::int[])
            as v(email, reason, diagnostic, at, campaign_id, relay_id, times)
       left join campaigns c on c.id = v.campaign_id
      order by v.email -- one lock order for concurrent writers
     on conflict (email) do update
        set reason = excluded.reason, diagnostic = excluded.diagnostic,
            last_bounce_at = greatest(b.last_bounce_at, excluded.last_bounce_at),
            first_bounce_at = least(b.first_bounce_at, excluded.first_bounce_at),
            campaign_id = excluded.campaign_id, relay_id = excluded.relay_id, count = b.count + excluded.count
     returning b.email, (xmax = 0) as inserted`,
    [
      rows.map((r) => r.email),
      rows.map((r) => r.reason),
      rows.map((r) => r.diagnostic.slice(0, DIAGNOSTIC_MAX)),
      rows.map((r) => r.at?.toISOString() ?? null),
      rows.map((r) => r.campaignId),
      rows.map((r) => r.relayId),
      rows.map((r) => r.times),
    ],
  );
  return upserted.filter((r) => r.inserted).map((r) => r.email);
}

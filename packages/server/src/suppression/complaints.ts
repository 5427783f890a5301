import type pg from 'pg';

/*
 * The Complaints suppression (issue 39 section 3, decision 1390): an address that complained about an
 * owner's mail is suppressed for every list of that owner (suppression/validity.ts `suppressed()`), until an
 * administrator lifts it. Written by `recordComplaints` (tracking/complaints.ts) in the transaction that
 * records the complaint, whoever reported it (a PMTA `f` record or an ARF report).
 */

export type ComplaintSource = 'pmta' | 'report';
export const COMPLAINT_SOURCES: readonly ComplaintSource[] = ['pmta', 'report'];

export interface ComplaintEmail {
  /** The owner of the campaign complained about. */
  userId: number;
  email: string;
  source: ComplaintSource;
  at: Date;
  campaignId: number;
  relayId: number | null;
}

/**
 * Adds or refreshes the owners' addresses (one row per owner and address: the last complaint wins, `count`
 * grows); returns the addresses that were not suppressed for their owner before, whose lists' validity must
 * then be recomputed.
 */
export async function addComplaintEmails(client: pg.ClientBase, complaints: ComplaintEmail[]): Promise<string[]> {
  if (!complaints.length) return [];
  // One row per owner and address per statement: ON CONFLICT DO UPDATE may not touch a row twice.
  const last = new Map<string, ComplaintEmail & { times: number }>();
  for (const c of complaints) {
    const key = `${c.userId} ${c.email}`;
    last.set(key, { ...c, times: (last.get(key)?.times ?? 0) + 1 });
  }
  const rows = [...last.values()];
  const { rows: upserted } = await client.query<{ email: string; inserted: boolean }>(
    `insert into complaint_emails as ce (user_id, email, source, first_complaint_at, last_complaint_at, campaign_id,
                                         relay_id, count)
     select v.user_id, v.email, v.source, v.at, v.at, c.id, v.relay_id, v.times
       from unnest($1::int[], $2::text[], $3::text[], $4::timestamptz[], $5::int[], $6::int[], $7::int[])
            as v(user_id, email, source, at, campaign_id, relay_id, times)
       left join campaigns c on c.id = v.campaign_id
      order by v.user_id, v.email -- one lock order for concurrent writers
     on conflict (user_id, email) do update
        set source = excluded.source,
            last_complaint_at = greatest(ce.last_complaint_at, excluded.last_complaint_at),
            first_complaint_at = least(ce.first_complaint_at, excluded.first_complaint_at),
            campaign_id = excluded.campaign_id, relay_id = excluded.relay_id, count = ce.count + excluded.count
     returning ce.email, (xmax = 0) as inserted`,
    [
      rows.map((r) => r.userId),
      rows.map((r) => r.email),
      rows.map((r) => r.source),
      rows.map((r) => r.at.toISOString()),
      rows.map((r) => r.campaignId),
      rows.map((r) => r.relayId),
      rows.map((r) => r.times),
    ],
  );
  return [...new Set(upserted.filter((r) => r.inserted).map((r) => r.email))];
}

import type pg from 'pg';
import { RecipientStatus } from '@console/shared/campaigns';
import type { AddressHistory } from '@console/shared/address-history';
import { softBounceState } from './soft-bounces.ts';

/*
 * An address's history (decisions 1441, 1480), read by the Email ID Decoder (administrators: everything) and by
 * an e-mail list's e-mail row (its user: only the events of their own campaigns). Addresses are lower-cased.
 */

/** Whose events: null for an administrator (all), else the user whose campaigns count. */
export type HistoryViewer = number | null;

export async function addressHistory(
  client: pg.ClientBase | pg.Pool,
  email: string,
  viewer: HistoryViewer,
): Promise<AddressHistory> {
  const [softBounces, { rows }] = await Promise.all([
    softBounceState(client, email, viewer),
    client.query<{
      bounced_at: Date | null;
      bounced_reason: string | null;
      bounced_diagnostic: string | null;
      complaints: number;
      complaint_at: Date | null;
      complaint_source: string | null;
      delivered_at: Date | null;
      campaign_id: number | null;
      campaign_name: string | null;
    }>(
      // Bounced Emails is one list for every owner (it makes their address invalid, so they see it), but the
      // reply is shown only to the owner of the campaign it came from: it names that campaign's relay.
      `select b.last_bounce_at as bounced_at, b.reason as bounced_reason,
              case when $2::int is null or bc.user_id = $2 then b.diagnostic end as bounced_diagnostic,
              k.complaints, k.at as complaint_at, k.source as complaint_source,
              d.at as delivered_at, d.id as campaign_id, d.name as campaign_name
         from (select 1) x
         left join bounced_emails b on b.email = $1
         left join campaigns bc on bc.id = b.campaign_id
         cross join lateral (
           select count(*)::int as complaints, max(last_complaint_at) as at,
                  (array_agg(source order by last_complaint_at desc))[1] as source
             from complaint_emails where email = $1 and ($2::int is null or user_id = $2)) k
         left join lateral (
           select r.done_at as at, c.id, c.name
             from emails e
             join campaign_recipients r on r.email_id = e.id
             join campaigns c on c.id = r.campaign_id
            where e.email = $1 and e.email_list_id in (select id from email_lists)
              and r.status = ${RecipientStatus.delivered} and ($2::int is null or c.user_id = $2)
            order by r.done_at desc nulls last limit 1) d on true`,
      [email, viewer],
    ),
  ]);
  const r = rows[0]!;
  return {
    softBounces,
    bounced: r.bounced_at
      ? { at: r.bounced_at.toISOString(), reason: r.bounced_reason!, diagnostic: r.bounced_diagnostic }
      : null,
    complaints: r.complaints,
    lastComplaint: r.complaint_at ? { at: r.complaint_at.toISOString(), source: r.complaint_source! } : null,
    lastDelivery:
      r.delivered_at && r.campaign_id !== null
        ? { at: r.delivered_at.toISOString(), campaign: { id: r.campaign_id, name: r.campaign_name! } }
        : null,
  };
}

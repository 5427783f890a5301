import type pg from 'pg';
import { campaignKindName } from '@console/shared/enums';
import { addComplaintEmails, type ComplaintSource } from '../suppression/complaints.ts';
import { recordEvents, type EventInput } from './events.ts';

/*
 * Applying complaints (issue 39 section 3, decision 1390), one rule whoever reports them: a PMTA accounting
 * `f` record (pmta/accounting/campaigns.ts) or an ARF report read from a bounce mailbox. In the caller's
 * transaction, set-based: each complaint is recorded once per recipient and campaign (campaign_complaints),
 * emits one `complaint` event (counted per campaign, relay, mail service and day/hour; the offer's through
 * its campaigns), and puts the address in the owner's Complaints suppression (suppression/complaints.ts).
 * A complaint about no recipient of the campaign (unknown address, campaign gone) is ignored.
 *
 * After the commit the caller sends SUPPRESS_BOUNCED (sending/suppress.ts) with `suppress`, so the lists'
 * validity follows, publishes the campaigns live and checks their pause thresholds (sending/rate-pause.ts).
 */

export type { ComplaintSource };

export interface ComplaintInput {
  campaignId: number;
  /** The recipient's e-mail id (from the tracking id); without it, `email` is looked up in the campaign. */
  emailId?: number | null;
  email?: string | null;
  /** When the complaint happened; a time in the future is read as now. */
  at?: Date | null;
  source: ComplaintSource;
  /** The relay the message went through when the reporter knows it (the recipient's row wins). */
  relayId?: number | null;
}

export interface ComplaintsRecorded {
  /** New complaints (one per recipient and campaign, never counted twice). */
  recorded: number;
  /** Addresses newly suppressed for their owner: the SUPPRESS_BOUNCED job recomputes their lists. */
  suppress: string[];
  /** The campaigns that got a complaint (type and id). */
  campaigns: { type: number; id: number }[];
}

interface Row {
  campaignId: number;
  type: number;
  userId: number;
  emailId: number;
  email: string;
  domain: string;
  mailProviderId: number;
  relayId: number | null;
  at: Date;
  source: ComplaintSource;
}

export async function recordComplaints(client: pg.ClientBase, inputs: ComplaintInput[]): Promise<ComplaintsRecorded> {
  const none: ComplaintsRecorded = { recorded: 0, suppress: [], campaigns: [] };
  const now = Date.now();
  const values = inputs
    .filter((c) => c.emailId != null || c.email)
    .map((c) => ({
      campaign_id: c.campaignId,
      email_id: c.emailId ?? null,
      email: c.emailId == null ? (c.email ?? '').trim().toLowerCase() : null,
      at: new Date(Math.min(c.at?.getTime() ?? now, now)).toISOString(),
      source: c.source,
      relay_id: c.relayId ?? null,
    }));
  if (!values.length) return none;
  // The first complaint per recipient wins; the recipient's row is the guard (its campaign, owner, relay).
  const { rows } = await client.query<Row>(
    `with v as (
       select * from jsonb_to_recordset($1::jsonb)
         as v(campaign_id int, email_id bigint, email text, at timestamptz, source text, relay_id int)
     ),
     found as (
       select distinct on (r.campaign_id, r.email_id) r.campaign_id, r.email_id, r.email, r.domain,
              r.mail_provider_id, coalesce(r.relay_id, v.relay_id) as relay_id, v.at, v.source, c.type, c.user_id
         from v
         join campaigns c on c.id = v.campaign_id
         join campaign_recipients r on r.campaign_id = v.campaign_id
          and r.email_id = coalesce(v.email_id, (select x.email_id from campaign_recipients x
                                                  where x.campaign_id = v.campaign_id and x.email = v.email limit 1))
        order by r.campaign_id, r.email_id, v.at
     ),
     added as (
       insert into campaign_complaints (campaign_id, email_id, at, source, relay_id)
       select campaign_id, email_id, at, source, relay_id from found order by 1, 2
       on conflict do nothing returning campaign_id, email_id
     )
     select f.campaign_id as "campaignId", f.type, f.user_id as "userId", f.email_id as "emailId", f.email, f.domain,
            f.mail_provider_id as "mailProviderId", f.relay_id as "relayId", f.at, f.source
       from found f join added a on a.campaign_id = f.campaign_id and a.email_id = f.email_id`,
    [JSON.stringify(values)],
  );
  if (!rows.length) return none;
  const events: EventInput[] = [];
  for (const r of rows) {
    const campaignType = campaignKindName(r.type);
    if (!campaignType) continue;
    events.push({
      kind: 'complaint',
      campaignType,
      campaignId: r.campaignId,
      userId: r.userId,
      relayId: r.relayId,
      mailProviderId: r.mailProviderId,
      domain: r.domain,
      emailId: Number(r.emailId),
      detail: r.source,
      at: r.at,
    });
  }
  await recordEvents(client, events);
  const suppress = await addComplaintEmails(
    client,
    rows.map((r) => ({
      userId: r.userId,
      email: r.email,
      source: r.source,
      at: r.at,
      campaignId: r.campaignId,
      relayId: r.relayId,
    })),
  );
  const campaigns = new Map(rows.map((r) => [r.campaignId, { type: r.type, id: r.campaignId }]));
  return { recorded: rows.length, suppress, campaigns: [...campaigns.values()] };
}

import type pg from 'pg';
import { RecipientStatus } from '@console/shared/campaigns';
import { CampaignTypeOf } from '@console/shared/enums';
import { loggable } from '../../core/errors.ts';
import { recordHardBounces, type HardBounce } from '../../suppression/bounced.ts';
import { logOf } from '../../core/log.ts';
import { classifyBounce, type ClassifiedBounce } from '../../suppression/bounces.ts';
import { recordSoftBounces, resetSoftBounces, type SoftBounce } from '../../suppression/soft-bounces.ts';
import { publishCampaignLive } from '../../core/campaign-live.ts';
import { SUPPRESS_BOUNCED } from '../../sending/suppress.ts';
import { pauseOnRates } from '../../sending/rate-pause.ts';
import { pauseRelays } from '../../sending/relay-pause.ts';
import { recordEvents, type EventInput } from '../../tracking/events.ts';
import { recordComplaints, type ComplaintSource } from '../../tracking/complaints.ts';
import { decodeTrackingId } from '../../tracking/uuid.ts';
import type { TrackingCampaignType } from '@console/shared/tracking';
import type { AcctHandler, AcctRecord } from './record.ts';
import { addBounceSignals, rateRelays, REPUTATION_CATEGORIES } from './relay-reputation.ts';

/*
 * The results of PMTA campaigns from the accounting records (issue 13; decision 0911). A record's envId is
 * the recipient's tracking id (the engine injects it as ENVID). The recipient's row is the guard: `d` and
 * `b` move a row that is still injected (or interrupted: maybe injected) to delivered or bounced, `rb` a
 * delivered one to bounced too (decision 1363), so a record seen twice adds nothing; bounces go through the
 * one classifier (decision 1360); `t` is a deferral while the row awaits its outcome; `f` is a complaint,
 * applied by the one rule of tracking/complaints.ts (decision 1390): once per recipient and campaign, into
 * the owner's Complaints suppression. Events and counters go through `recordEvents`, as the SMTP engine's do, in the pull's
 * transaction.
 */

const S = RecipientStatus;
/**
 * Rows a record can settle: injected, interrupted (maybe injected), and sending: PMTA may deliver and log a
 * message before the engine's group commit marks it injected. Such a row gets the `sent` event here, and the
 * engine's commit, which only moves rows still in `sending`, leaves it alone: one `sent` either way. An
 * interrupted row gets its `sent` here too (its `interrupted` event stays: decision 1100).
 */
const AWAITING = [S.injected, S.interrupted, S.sending];

/** One record of one recipient: `emailId` and `relayId` from its tracking id. */
export interface Own {
  record: AcctRecord;
  emailId: number;
  relayId: number;
  /** Not later than now: a server clock ahead of ours must not date events in the future. */
  at: Date;
}

interface Row {
  emailId: number;
  email: string;
  domain: string;
  mailProviderId: number;
  relayId: number | null;
}

const ROW = `r.email_id as "emailId", r.email, r.domain, r.mail_provider_id as "mailProviderId", r.relay_id as "relayId"`;

/** The remote reply of a record (`smtp;550 5.1.1 ...` -> `550 5.1.1 ...`), else its DSN status. */
const replyOf = (r: AcctRecord) => (r.dsnDiag.replace(/^smtp;\s*/i, '') || r.dsnStatus).slice(0, 1000);

/** PMTA's category when it is one of PMTA.md's, else the reply's, by the one classifier (decision 1360). */
const classify = (r: AcctRecord): ClassifiedBounce => classifyBounce({ text: replyOf(r), bounceCat: r.bounceCat });

export const campaignRecords: AcctHandler = async (ctx, _server, records, tx) => {
  const now = Date.now();
  const byCampaign = new Map<number, Own[]>();
  for (const record of records) {
    const id = decodeTrackingId(ctx.secret, record.envId);
    if (id?.campaignType !== 'pmta') continue;
    const at = new Date(Math.min(record.timeLogged.getTime(), now));
    const own = { record, emailId: id.emailId, relayId: id.relayId, at };
    byCampaign.set(id.campaignId, [...(byCampaign.get(id.campaignId) ?? []), own]);
  }
  const suppress: string[] = [];
  const relays = new Set<number>();
  const infra = new Set<number>();
  const campaigns: number[] = [];
  for (const [campaignId, own] of byCampaign) {
    const done = await recordCampaign(tx.client, 'pmta', campaignId, own);
    if (!done) continue;
    if (done.events) campaigns.push(campaignId);
    suppress.push(...done.suppress);
    for (const id of done.relays) relays.add(id);
    for (const id of done.infra) infra.add(id);
  }
  tx.afterCommit(async () => {
    const log = logOf(ctx).child({ component: 'pmta-accounting', campaignIds: campaigns });
    for (const id of campaigns) publishCampaignLive(ctx, CampaignTypeOf.pmta, id);
    // Recomputes `emails.valid` of hard-bounced and complained addresses (it locks lists: a job of its own).
    for (let i = 0; i < suppress.length; i += 1000)
      await ctx.jobs
        .send(SUPPRESS_BOUNCED, { emails: suppress.slice(i, i + 1000) })
        .catch((e) => log.error({ err: loggable(e) }, 'sending the suppression job failed'));
    await rateRelays(ctx, [...relays]).catch((e) =>
      log.error({ relayIds: [...relays], err: loggable(e) }, 'rating the relays failed'),
    );
    await pauseOnRates(ctx, campaigns)
      .then((paused) => paused.length && log.warn({ paused }, 'campaigns paused by their complaint or bounce rate'))
      .catch((e) => log.error({ err: loggable(e) }, 'checking the campaigns rates failed'));
    await pauseRelays(ctx, 'pmta', [...infra])
      .then((paused) => paused.length && log.warn({ paused }, 'relays switched off for mail services'))
      .catch((e) => log.error({ relayIds: [...infra], err: loggable(e) }, 'pausing the relays failed'));
  });
};

/**
 * One campaign's records; null when the campaign is gone. Also the bounce mailboxes' way (decision 1381): a
 * DSN read from a mailbox is an `rb` record and an ARF report an `f` record of the campaign its tracking id
 * names, of either kind; the relay signals of PMTA's reputation rating are kept for PMTA relays only.
 */
export async function recordCampaign(
  client: pg.ClientBase,
  campaignType: TrackingCampaignType,
  campaignId: number,
  own: Own[],
  /** Where its `f` records come from: PMTA's accounting, or ARF reports read from a bounce mailbox. */
  complaintSource: ComplaintSource = 'pmta',
) {
  const { rows: found } = await client.query<{ userId: number }>(
    `select c.user_id as "userId" from campaigns c where c.id = $1 and c.type = $2`,
    [campaignId, CampaignTypeOf[campaignType]],
  );
  const campaign = found[0];
  if (!campaign) return null;
  const events: EventInput[] = [];
  const suppress: string[] = [];
  const relays = new Set<number>();
  const signals: { relayId: number; at: Date }[] = [];
  const hard: HardBounce[] = [];
  const soft: SoftBounce[] = [];
  /**
   * Relays with infrastructure bounces or complaints in this batch: maybe paused for a mail service
   * (sending/relay-pause.ts, decisions 1362 and 1442).
   */
  const infra = new Set<number>();
  const delivered: { email: string; at: Date }[] = [];
  const event = (row: Row, o: Own, kind: EventInput['kind'], detail?: string): EventInput => ({
    kind,
    campaignType,
    campaignId,
    userId: campaign.userId,
    relayId: row.relayId ?? o.relayId,
    mailProviderId: row.mailProviderId,
    domain: row.domain,
    emailId: row.emailId,
    detail,
    at: o.at,
  });
  const of = (type: string) => own.filter((o) => o.record.type === type);

  // In the order things happen to a message: deferrals, then its outcome, then a complaint about it.
  const deferred = of('t');
  if (deferred.length) {
    const { rows } = await client.query<Row>(
      `select ${ROW} from campaign_recipients r where r.campaign_id = $1 and r.email_id = any($2::bigint[])
          and r.status = any($3::int2[])`,
      [campaignId, deferred.map((o) => o.emailId), AWAITING],
    );
    const rowOf = new Map(rows.map((r) => [Number(r.emailId), r]));
    for (const o of deferred) {
      const row = rowOf.get(o.emailId);
      if (row) events.push(event(row, o, 'deferred', replyOf(o.record)));
    }
  }

  // A delivery or a bounce settles a row awaiting its outcome; a remote bounce (`rb`: a DSN that came back
  // after PMTA handed the message over) also turns a delivered row into a bounced one (decision 1363).
  const finals = firstPerRecipient(own.filter((o) => o.record.type === 'd' || o.record.type === 'b'));
  const settled = await settle(client, campaignId, finals, AWAITING);
  const remote = firstPerRecipient(of('rb'));
  settled.push(...(await settle(client, campaignId, remote, [...AWAITING, S.delivered])));
  for (const { row, o, was } of settled) {
    const relayId = row.relayId ?? o.relayId;
    relays.add(relayId);
    // Its `sent` comes now: the engine's commit never gave it one (an interrupted row has `interrupted`).
    if (was === S.sending || was === S.interrupted) events.push(event(row, o, 'sent'));
    if (o.record.type === 'd') {
      events.push(event(row, o, 'delivered'));
      delivered.push({ email: row.email, at: o.at });
      continue;
    }
    const { category, outcome } = classify(o.record);
    const reply = replyOf(o.record);
    events.push(event(row, o, 'bounced', `${category}: ${reply}`));
    const bounce = { email: row.email, reason: category, diagnostic: reply, campaignId, relayId, at: o.at };
    if (outcome === 'permanent') hard.push(bounce);
    else if (outcome === 'temporary') soft.push(bounce);
    else infra.add(relayId);
    if (campaignType === 'pmta' && REPUTATION_CATEGORIES.has(category)) signals.push({ relayId, at: o.at });
  }

  await recordEvents(client, events);
  // After the outcomes: a complaint is about a message that was delivered. One rule with the ARF reports.
  const complained = await recordComplaints(
    client,
    of('f').map((o) => ({ campaignId, emailId: o.emailId, at: o.at, source: complaintSource, relayId: o.relayId })),
  );
  suppress.push(...complained.suppress);
  if (complained.recorded) for (const o of of('f')) infra.add(o.relayId);
  await resetSoftBounces(client, delivered);
  suppress.push(...(await recordHardBounces(client, hard)));
  suppress.push(...(await recordSoftBounces(client, soft)));
  await addBounceSignals(client, signals);
  return { events: events.length + complained.recorded, suppress, relays, infra };
}

/** Moves the rows (one record each) that are in one of `from` to their record's outcome, under a row lock. */
async function settle(client: pg.ClientBase, campaignId: number, records: Map<number, Own>, from: number[]) {
  if (!records.size) return [];
  const values = [...records.values()].map((o) => ({
    email_id: o.emailId,
    status: o.record.type === 'd' ? S.delivered : S.bounced,
    reply: replyOf(o.record),
    at: o.at.toISOString(),
    relay_id: o.relayId,
  }));
  const { rows } = await client.query<Row & { was: number }>(
    `with v as (
       select * from jsonb_to_recordset($2::jsonb) as v(email_id bigint, status int2, reply text, at timestamptz, relay_id int)
     ),
     old as (
       select r.email_id, r.status from campaign_recipients r join v on v.email_id = r.email_id
        where r.campaign_id = $1 and r.status = any($3::int2[]) for update of r
     )
     update campaign_recipients r set status = v.status, reply = v.reply, done_at = v.at,
            relay_id = coalesce(r.relay_id, v.relay_id)
       from v, old where r.campaign_id = $1 and r.email_id = v.email_id and old.email_id = v.email_id
     returning ${ROW}, old.status as was`,
    [campaignId, JSON.stringify(values), from],
  );
  return rows.map((row) => ({ row, was: row.was, o: records.get(Number(row.emailId))! }));
}

function firstPerRecipient(own: Own[]): Map<number, Own> {
  const first = new Map<number, Own>();
  for (const o of own) if (!first.has(o.emailId)) first.set(o.emailId, o);
  return first;
}

import type pg from 'pg';
import type { Db } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { statementName } from '../db/pooler.ts';
import { RecipientStatus } from '@console/shared/campaigns';
import { CampaignTypeOf } from '@console/shared/enums';
import type { TrackingCampaignType } from '@console/shared/tracking';
import { recordHardBounces, type HardBounce } from '../suppression/bounced.ts';
import { classifyBounce } from '../suppression/bounces.ts';
import { recordSoftBounces, resetSoftBounces, type SoftBounce } from '../suppression/soft-bounces.ts';
import { recordEvents, type EventInput } from '../tracking/events.ts';
import type { ClaimedRecipient } from './claim.ts';

/*
 * Outcomes are recorded in group commits (docs/decisions/0802): one transaction moves a batch of recipient
 * rows out of `sending` and appends their events (which move every counter), so the counters are exact
 * whenever the rows are. Rows are only moved while this worker still owns them in `sending`: a row that
 * reconciliation already settled as interrupted (its worker presumed dead) keeps that settlement and its
 * events, so nothing is counted twice.
 */

export type Outcome = { row: ClaimedRecipient; relayId: number; reply: string } & (
  | { kind: 'delivered' }
  /** A PMTA server took it (250 to the injection): delivered or bounced comes from its accounting (0910). */
  | { kind: 'injected' }
  | { kind: 'bounced'; code: number }
  /** A 4xx: one more attempt later, bounced after the limit. */
  | { kind: 'deferred'; code: number }
  /** Nothing was handed over (login refused, no connection): pending again, no attempt counted. */
  | { kind: 'retry' }
  /** The session broke mid-message: maybe delivered, never resent. */
  | { kind: 'interrupted' }
);

export interface RetryPolicy {
  /** The first retry's delay; each further retry doubles it (capped at an hour). */
  retryBaseMs: number;
  /** Attempts (4xx replies) after which a recipient is bounced. */
  maxAttempts: number;
}

export interface CampaignRef {
  id: number;
  type: TrackingCampaignType;
  userId: number;
}

const S = RecipientStatus;

/**
 * Records a batch of outcomes; returns the addresses it added to the Bounced Emails: hard bounces, and
 * soft bounces that reached the limit (decision 1361). A delivery resets its address's soft bounces.
 */
export async function recordOutcomes(
  db: Db,
  campaign: CampaignRef,
  worker: string,
  outcomes: Outcome[],
  policy: RetryPolicy,
  /** When they happened: now unless given (a history recorded afterwards, as the demo's; issue 38). */
  at?: Date,
): Promise<string[]> {
  if (!outcomes.length) return [];
  const updates: {
    email_id: number;
    relay_id: number;
    reply: string;
    status: number;
    inc: number;
    retry_ms: number | null;
  }[] = [];
  const events = new Map<number, EventInput[]>();
  const hard = new Map<number, HardBounce>();
  const soft = new Map<number, SoftBounce>();
  const delivered = new Map<number, string>();
  /** The last deferral or bounce per relay and mail service (the live queues' "last reply"; decision 1402). */
  const lastReplies = new Map<string, { relayId: number; providerId: number; reply: string; ids: number[] }>();
  for (const o of outcomes) {
    const base = {
      campaignType: campaign.type,
      campaignId: campaign.id,
      userId: campaign.userId,
      relayId: o.relayId,
      mailProviderId: o.row.mailProviderId,
      domain: o.row.domain,
      emailId: o.row.emailId,
      at,
    };
    const reply = o.reply.slice(0, 1000);
    const u = {
      email_id: o.row.emailId,
      relay_id: o.relayId,
      reply,
      status: 0,
      inc: 0,
      retry_ms: null as number | null,
    };
    const ev: EventInput[] = [];
    let kind = o.kind;
    if (kind === 'deferred' && o.row.attempts + 1 >= policy.maxAttempts) kind = 'bounced';
    switch (kind) {
      case 'delivered':
        u.status = S.delivered;
        ev.push({ ...base, kind: 'sent' }, { ...base, kind: 'delivered' });
        delivered.set(o.row.emailId, o.row.email);
        break;
      case 'injected':
        u.status = S.injected;
        ev.push({ ...base, kind: 'sent' });
        break;
      case 'bounced': {
        const code = 'code' in o ? o.code : 0;
        const { category, outcome } = classifyBounce({ code, text: reply });
        u.status = S.bounced;
        u.inc = o.kind === 'deferred' ? 1 : 0;
        ev.push({ ...base, kind: 'sent' }, { ...base, kind: 'bounced', detail: `${category}: ${reply}` });
        const bounce = {
          email: o.row.email,
          reason: category,
          diagnostic: reply,
          campaignId: campaign.id,
          relayId: o.relayId,
          at,
        };
        // Given up after 4xx replies: never a dead address at once. No reply at all (code 0) is the relay's
        // trouble, not the recipient's: not counted against the address.
        if (outcome === 'permanent' && o.kind === 'bounced') hard.set(o.row.emailId, bounce);
        else if (outcome !== 'infrastructure' && code >= 400) soft.set(o.row.emailId, bounce);
        break;
      }
      case 'deferred':
        u.status = S.pending;
        u.inc = 1;
        u.retry_ms = Math.min(policy.retryBaseMs * 2 ** o.row.attempts, 3_600_000);
        ev.push({ ...base, kind: 'deferred', detail: reply });
        break;
      case 'retry':
        u.status = S.pending;
        u.retry_ms = policy.retryBaseMs;
        break;
      case 'interrupted':
        // Maybe accepted, maybe not: counted apart, never as sent or delivered (decision 1100).
        u.status = S.interrupted;
        ev.push({ ...base, kind: 'interrupted' });
        break;
    }
    updates.push(u);
    events.set(o.row.emailId, ev);
    if (kind === 'deferred' || kind === 'bounced') {
      const key = `${o.relayId}:${o.row.mailProviderId}`;
      const last = lastReplies.get(key);
      lastReplies.set(key, {
        relayId: o.relayId,
        providerId: o.row.mailProviderId,
        reply,
        ids: [...(last?.ids ?? []), o.row.emailId],
      });
    }
  }

  return inTransaction(db, async (client) => {
    // Named: planned once per connection, not for every group commit (decision 1160).
    const { rows } = await client.query<{ id: string }>({
      name: statementName('sending.outcomes'),
      text: `update campaign_recipients r
          set status = v.status, attempts = r.attempts + v.inc, relay_id = v.relay_id, reply = v.reply,
              next_attempt_at = case when v.retry_ms is null then null else now() + v.retry_ms * interval '1 ms' end,
              done_at = case when v.status in (${S.delivered}, ${S.bounced}, ${S.failed}, ${S.interrupted}) then coalesce($9::timestamptz, now()) end,
              worker = case when v.status = ${S.pending} then null else r.worker end,
              claimed_at = case when v.status = ${S.pending} then null else r.claimed_at end
         from unnest($2::bigint[], $4::int[], $5::text[], $6::int2[], $7::int2[], $8::int[])
              as v(email_id, relay_id, reply, status, inc, retry_ms)
        where r.campaign_id = $1 and r.email_id = v.email_id and r.status = ${S.sending}
          and r.worker = $3
       returning r.email_id as id`,
      // Typed arrays, one per column: PostgreSQL reads them in about half the CPU of jsonb (decision 1170, 1200).
      values: [
        campaign.id,
        updates.map((u) => u.email_id),
        worker,
        updates.map((u) => u.relay_id),
        updates.map((u) => u.reply),
        updates.map((u) => u.status),
        updates.map((u) => u.inc),
        updates.map((u) => u.retry_ms),
        at ?? null,
      ],
    });
    const moved = rows.map((r) => Number(r.id));
    await recordLastReplies(client, CampaignTypeOf[campaign.type], lastReplies, new Set(moved), at);
    await recordEvents(
      client,
      moved.flatMap((id) => events.get(id) ?? []),
    );
    await resetSoftBounces(
      client,
      moved.flatMap((id) => (delivered.has(id) ? [{ email: delivered.get(id)! }] : [])),
    );
    return [
      ...(await recordHardBounces(
        client,
        moved.flatMap((id) => hard.get(id) ?? []),
      )),
      ...(await recordSoftBounces(
        client,
        moved.flatMap((id) => soft.get(id) ?? []),
      )),
    ];
  });
}

/**
 * One upsert for the batch's last replies per relay and mail service (only those of rows this worker
 * moved), in key order so that two workers' batches never wait on each other in a cycle. Nothing to do
 * for a batch of deliveries: the hot path pays no statement.
 */
async function recordLastReplies(
  client: pg.PoolClient,
  relayType: number,
  replies: Map<string, { relayId: number; providerId: number; reply: string; ids: number[] }>,
  moved: Set<number>,
  at: Date | undefined,
) {
  const rows = [...replies.values()]
    .filter((r) => r.ids.some((id) => moved.has(id)))
    .sort((a, b) => a.relayId - b.relayId || a.providerId - b.providerId);
  if (!rows.length) return;
  await client.query({
    name: 'sending.last-replies',
    text: `insert into relay_last_replies as l (relay_type, relay_id, mail_provider_id, reply, at)
           select $1, v.relay_id, v.provider_id, v.reply, coalesce($5::timestamptz, now())
             from unnest($2::int[], $3::int[], $4::text[]) as v(relay_id, provider_id, reply)
           on conflict (relay_type, relay_id, mail_provider_id)
             do update set reply = excluded.reply, at = excluded.at where l.at <= excluded.at`,
    values: [
      relayType,
      rows.map((r) => r.relayId),
      rows.map((r) => r.providerId),
      rows.map((r) => r.reply),
      at ?? null,
    ],
  });
}

import type pg from 'pg';
import { RecipientStatus } from '@console/shared/campaigns';
import { metrics } from '../core/metrics.ts';
import { statementName } from '../db/pooler.ts';

/*
 * A recipient row's way through a sender (docs/decisions/0802): pending (0) -> claimed (1, by one worker,
 * FOR UPDATE SKIP LOCKED so that workers never wait on each other) -> sending (2, committed just before the
 * transport gets it) -> an outcome (outcomes.ts). Every move is conditional on the worker still owning the
 * row: a row that reconciliation took back from a worker presumed dead is never sent by it.
 */

export interface ClaimedRecipient {
  emailId: number;
  email: string;
  domain: string;
  mailProviderId: number;
  name: string | null;
  surname: string | null;
  city: string | null;
  geo: string | null;
  birthYear: number | null;
  attempts: number;
}

const { pending, claimed, sending } = RecipientStatus;

/** Claims up to `limit` pending recipients whose retry time has come. */
export async function claimRecipients(db: pg.Pool, campaignId: number, worker: string, limit: number) {
  // Named (prepared once per connection): these run for every batch of every campaign, and their planning
  // cost PostgreSQL about as much as running them (issue 28, decision 1160).
  const { rows } = await db.query<ClaimedRecipient & { emailId: string; lag: number | null }>({
    name: statementName('sending.claim'),
    text: `with picked as (
       select email_id from campaign_recipients
        where campaign_id = $1 and status = ${pending} and (next_attempt_at is null or next_attempt_at <= now())
        limit $2 for update skip locked
     )
     update campaign_recipients r set status = ${claimed}, worker = $3, claimed_at = now()
       from picked where r.campaign_id = $1 and r.email_id = picked.email_id
     returning r.email_id as "emailId", r.email, r.domain, r.mail_provider_id as "mailProviderId", r.name, r.surname,
               r.city, r.geo, r.birth_year as "birthYear", r.attempts,
               extract(epoch from now() - r.next_attempt_at)::float8 as lag`,
    values: [campaignId, limit, worker],
  });
  // Claim lag: how long the most overdue retry waited past its time (0 when only first attempts came).
  metrics.claimLag.set(Math.max(0, ...rows.map((r) => r.lag ?? 0)));
  return rows.map(({ lag: _, ...r }) => ({ ...r, emailId: Number(r.emailId) }));
}

/** Claimed rows go to `sending` with their relay; returns the ids this worker still owned. */
export async function markSending(
  db: pg.Pool,
  campaignId: number,
  worker: string,
  rows: { emailId: number; relayId: number }[],
): Promise<Set<number>> {
  if (!rows.length) return new Set();
  const res = await db.query<{ id: string }>({
    name: statementName('sending.mark-sending'),
    text: `update campaign_recipients r set status = ${sending}, relay_id = v.relay
       from unnest($2::bigint[], $3::int[]) as v(id, relay)
      where r.campaign_id = $1 and r.email_id = v.id and r.status = ${claimed} and r.worker = $4
     returning r.email_id as id`,
    values: [campaignId, rows.map((r) => r.emailId), rows.map((r) => r.relayId), worker],
  });
  return new Set(res.rows.map((r) => Number(r.id)));
}

/** Claimed rows not handed to any transport go back to pending (a pause, a stop, a shutdown). */
export async function releaseClaimed(db: pg.Pool, campaignId: number, worker: string, emailIds: number[]) {
  if (!emailIds.length) return 0;
  const { rowCount } = await db.query(
    `update campaign_recipients set status = ${pending}, worker = null, claimed_at = null
      where campaign_id = $1 and email_id = any($2::bigint[]) and status = ${claimed} and worker = $3`,
    [campaignId, emailIds, worker],
  );
  return rowCount ?? 0;
}

/**
 * Claimed rows that must wait (a warm-up relay's allowance is spent, decision 1432) go back to pending with
 * their next attempt at `until`; their attempts do not count, nothing was sent.
 */
export async function deferClaimed(db: pg.Pool, campaignId: number, worker: string, emailIds: number[], until: Date) {
  if (!emailIds.length) return 0;
  const { rowCount } = await db.query(
    `update campaign_recipients set status = ${pending}, worker = null, claimed_at = null, next_attempt_at = $4
      where campaign_id = $1 and email_id = any($2::bigint[]) and status = ${claimed} and worker = $3`,
    [campaignId, emailIds, worker, until],
  );
  return rowCount ?? 0;
}

/**
 * Every row of the campaign this worker still holds (claimed or marked sending) goes back to pending. Only
 * for a runner starting: the one before it recorded every message it handed over, so such rows are ones
 * whose release (or the answer of a committed mark) a database outage swallowed. Nothing of them was sent.
 */
export async function releaseOwn(db: pg.Pool, campaignId: number, worker: string) {
  const { rowCount } = await db.query(
    `update campaign_recipients set status = ${pending}, worker = null, claimed_at = null
      where campaign_id = $1 and status in (${claimed}, ${sending}) and worker = $2`,
    [campaignId, worker],
  );
  return rowCount ?? 0;
}

/** Whether anything of the campaign is still to be sent, now or later (pending, claimed or sending). */
export async function remaining(db: pg.Pool, campaignId: number) {
  const { rows } = await db.query<{ any: boolean }>(
    `select exists (select 1 from campaign_recipients
                     where campaign_id = $1 and status in (${pending}, ${claimed}, ${sending})) as any`,
    [campaignId],
  );
  return rows[0]!;
}

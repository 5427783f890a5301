import crypto from 'node:crypto';
import type pg from 'pg';
import { RecipientStatus } from '@console/shared/campaigns';
import { CampaignStatus, campaignKindName } from '@console/shared/enums';
import { transaction } from '../db/transaction.ts';
import { recordEvents } from '../tracking/events.ts';

/*
 * Who is alive, and what a dead sender leaves behind (docs/decisions/0802).
 *
 * Each sender process has a random 63-bit id and holds a session advisory lock on it for as long as it
 * lives, on a connection of its own. PostgreSQL drops the lock with the session, so a killed process
 * (SIGKILL, a lost machine) is seen dead the moment its connection goes: `pg_try_advisory_lock` on its id
 * then succeeds. Its rows are settled:
 *   - claimed (1), never handed to a transport: back to pending, another worker sends them;
 *   - sending (2): caught between handing over and recording. The relay may or may not have accepted the
 *     message and SMTP gives no way to ask (RFC 1047), so resending risks a duplicate: they become
 *     interrupted (6), are never resent, and count as interrupted (one `interrupted` event, never `sent`:
 *     decision 1100).
 */

export const newWorkerId = () => crypto.randomBytes(8).readBigInt64BE().toString();
const WORKER_ID = /^-?\d{1,19}$/;

/** Takes this process's liveness lock on a dedicated connection (kept until `end()`). */
export async function holdLiveness(client: pg.Client, worker: string) {
  await client.query('select pg_advisory_lock($1::bigint)', [worker]);
}

/**
 * Which campaigns' partitions the check reads (decision 1501). Every 5 s it reads only the campaigns a worker
 * may hold rows of: not finished, or finished within the hour (a stop while a worker was dying). Planning a
 * statement over every partition cost PostgreSQL 0.1-1 ms a partition (bench/scale), and a year keeps
 * thousands. A process starting reads them all once: rows a worker left in a campaign stopped while no worker ran.
 */
export type ReconcileScope = 'sending' | 'all';

const SENDING_CAMPAIGNS = `select id from campaigns
  where recipients_archived_at is null
    and (status <> ${CampaignStatus.Finished} or end_date > now() - interval '1 hour')`;

/** Settles the rows of every dead worker; returns how many rows went back to pending and to interrupted. */
export async function reconcile(pool: pg.Pool, self: string | null, scope: ReconcileScope = 'sending') {
  // The ids as a value, not a subquery: PostgreSQL prunes partitions while planning only for known values.
  const campaigns =
    scope === 'all' ? null : (await pool.query<{ id: number }>(SENDING_CAMPAIGNS)).rows.map((r) => r.id);
  if (campaigns && !campaigns.length) return { released: 0, interrupted: 0 };
  const { rows } = await pool.query<{ worker: string }>(
    `select distinct worker from campaign_recipients
      where status in (${RecipientStatus.claimed}, ${RecipientStatus.sending}) and worker is not null
        ${campaigns ? 'and campaign_id = any($1::int[])' : ''}`,
    campaigns ? [campaigns] : [],
  );
  let released = 0;
  let interrupted = 0;
  for (const { worker } of rows) {
    if (worker === self || !WORKER_ID.test(worker)) continue;
    const client = await pool.connect();
    try {
      const { rows: lock } = await client.query<{ free: boolean }>('select pg_try_advisory_lock($1::bigint) as free', [
        worker,
      ]);
      if (!lock[0]?.free) continue; // alive
      try {
        const r = await settleWorker(client, worker, campaigns);
        released += r.released;
        interrupted += r.interrupted;
      } finally {
        await client.query('select pg_advisory_unlock($1::bigint)', [worker]);
      }
    } finally {
      client.release();
    }
  }
  return { released, interrupted };
}

function settleWorker(client: pg.PoolClient, worker: string, campaigns: number[] | null) {
  const within = campaigns ? 'and campaign_id = any($2::int[])' : '';
  const params = campaigns ? [worker, campaigns] : [worker];
  return transaction(client, async () => {
    const back = await client.query(
      `update campaign_recipients set status = ${RecipientStatus.pending}, worker = null, claimed_at = null
        where status = ${RecipientStatus.claimed} and worker = $1 ${within}`,
      params,
    );
    const { rows } = await client.query<{
      campaignId: number;
      type: number;
      userId: number;
      relayId: number | null;
      mailProviderId: number;
      domain: string;
      emailId: string;
    }>(
      `with cut as (
         update campaign_recipients set status = ${RecipientStatus.interrupted}, done_at = now(),
                reply = 'interrupted: the sender stopped between handing the message over and recording the reply'
          where status = ${RecipientStatus.sending} and worker = $1 ${within}
         returning campaign_id, relay_id, mail_provider_id, domain, email_id
       )
       select cut.campaign_id as "campaignId", c.type, c.user_id as "userId", cut.relay_id as "relayId",
              cut.mail_provider_id as "mailProviderId", cut.domain, cut.email_id as "emailId"
         from cut join campaigns c on c.id = cut.campaign_id`,
      params,
    );
    await recordEvents(
      client,
      rows.map((r) => ({
        kind: 'interrupted',
        campaignType: campaignKindName(r.type)!,
        campaignId: r.campaignId,
        userId: r.userId,
        relayId: r.relayId,
        mailProviderId: r.mailProviderId,
        domain: r.domain,
        emailId: Number(r.emailId),
      })),
    );
    return { released: back.rowCount ?? 0, interrupted: rows.length };
  });
}

import type pg from 'pg';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { UploadKind, UploadedFile } from '@console/shared/uploads';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Upload } from './kind.ts';

/** A 'processing' upload whose worker has not beaten for this long is taken to be dead. */
export const STALE_SECONDS = 60;

const UPLOAD_FIELDS = `u.id, u.kind, u.user_id as "userId", u.target_id as "targetId", u.original_name as "originalName",
  u.file_path as "filePath", u.file_size as "fileSize", u.params, u.attempts`;

/** Records an accepted file, queued, on the given transaction. */
export async function insertUpload(
  tx: pg.ClientBase,
  u: Omit<Upload, 'id' | 'attempts' | 'params' | 'targetId'> & Partial<Pick<Upload, 'params' | 'targetId'>>,
): Promise<Upload> {
  const { rows } = await tx.query<Upload>(
    `insert into uploads as u (kind, user_id, target_id, original_name, file_path, file_size, params)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${UPLOAD_FIELDS}`,
    [u.kind, u.userId, u.targetId ?? null, u.originalName, u.filePath, u.fileSize, u.params ?? null],
  );
  return rows[0]!;
}

export async function setBossJob(db: Db, uploadId: number, bossJobId: string) {
  await db.$client.query('update uploads set boss_job_id = $2 where id = $1', [uploadId, bossJobId]);
}

/**
 * Takes an upload for one run: a queued one, or a processing one whose worker died. Each run bumps
 * `attempts`; the merge commits only while the upload is still this run's (run.ts). One uploader's
 * imports run one at a time (decision 1310): while another upload of the same user is processing with a
 * live heartbeat, the answer is 'busy' and the upload stays queued. The uploader's advisory lock orders the
 * check and the claim of runs in any process.
 */
export async function claimUpload(db: Db, uploadId: number): Promise<Upload | 'busy' | undefined> {
  return inTransaction(db, async (client) => {
    const { rows: found } = await client.query<{ userId: number }>(
      'select user_id as "userId" from uploads where id = $1',
      [uploadId],
    );
    if (!found[0]) return undefined;
    await client.query(`select pg_advisory_xact_lock(hashtext('imports.owner'), $1)`, [found[0].userId]);
    const claimable = `u.id = $1
       and (u.status = 'queued' or (u.status = 'processing' and u.heartbeat_at < now() - make_interval(secs => $2)))`;
    const { rows: busy } = await client.query(
      `select 1 from uploads u where ${claimable} and exists (
         select 1 from uploads o where o.user_id = u.user_id and o.id <> u.id and o.status = 'processing'
           and o.heartbeat_at >= now() - make_interval(secs => $2))`,
      [uploadId, STALE_SECONDS],
    );
    if (busy.length) return 'busy';
    const { rows } = await client.query<Upload>(
      `update uploads u set status = 'processing', attempts = u.attempts + 1, heartbeat_at = now()
       where ${claimable} returning ${UPLOAD_FIELDS}`,
      [uploadId, STALE_SECONDS],
    );
    return rows[0];
  });
}

/** The running worker is alive (every 10 s). */
export async function beat(db: Db, up: Upload) {
  await db.$client.query('update uploads set heartbeat_at = now() where id = $1 and attempts = $2', [
    up.id,
    up.attempts,
  ]);
}

/** Hands the upload back to the queue before pg-boss retries the job. */
export async function releaseUpload(db: Db, up: Upload) {
  await db.$client.query(
    `update uploads set status = 'queued', heartbeat_at = null
     where id = $1 and attempts = $2 and status = 'processing'`,
    [up.id, up.attempts],
  );
}

/** Locks the upload for the merge: false when another run claimed it meanwhile or it is gone. */
export async function lockOwned(tx: pg.ClientBase, up: Upload): Promise<boolean> {
  // KEY SHARE: the row cannot be deleted under the merge, yet the run's own heartbeat (an update of a
  // non-key column) goes on. FOR UPDATE made every beat wait for the whole merge on a pool connection, and
  // a merge longer than a minute looked dead (re-queued, "its worker stopped"). A takeover still cannot
  // commit a second merge: the kind's merge locks its target first, and markDone checks attempts.
  const { rows } = await tx.query<{ ok: boolean }>(
    `select status = 'processing' and attempts = $2 as ok from uploads where id = $1 for key share`,
    [up.id, up.attempts],
  );
  return rows[0]?.ok ?? false;
}

/** Done, in the merge's transaction: false when the upload is no longer this run's. */
export async function markDone(
  tx: pg.ClientBase,
  up: Upload,
  r: { rows: number; inserted: number; failed: number; stats: unknown },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update uploads set status = 'done', completion = 100, rows = $3, inserted = $4, failed = $5, stats = $6,
       finished_at = now(), heartbeat_at = null, error = null
     where id = $1 and attempts = $2 and status = 'processing'`,
    [up.id, up.attempts, r.rows, r.inserted, r.failed, r.stats],
  );
  return rowCount === 1;
}

/** Failed for good, on the given transaction: false when the upload is no longer this run's. */
export async function markFailed(tx: pg.ClientBase, up: Upload, reason: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update uploads set status = 'failed', error = $3, finished_at = now(), heartbeat_at = null
     where id = $1 and attempts = $2 and status in ('queued', 'processing')`,
    [up.id, up.attempts, reason],
  );
  return rowCount === 1;
}

export async function setCompletion(db: Db, up: Upload, completion: number) {
  await db.$client.query('update uploads set completion = $3 where id = $1 and attempts = $2 and completion < $3', [
    up.id,
    up.attempts,
    completion,
  ]);
}

export async function uploadExists(db: Db, uploadId: number): Promise<boolean> {
  return ((await db.$client.query('select 1 from uploads where id = $1', [uploadId])).rowCount ?? 0) > 0;
}

export interface PendingUpload {
  id: number;
  kind: UploadKind;
  status: string;
  bossJobId: string | null;
}

/** Uploads that may have lost their job: queued for over a minute, or processing with a dead worker. */
export async function pendingUploads(db: Db): Promise<PendingUpload[]> {
  const { rows } = await db.$client.query<PendingUpload>(
    `select id, kind, status, boss_job_id as "bossJobId" from uploads
     where (status = 'queued' and created_at < now() - interval '1 minute')
        or (status = 'processing' and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => $1)))
     order by id`,
    [STALE_SECONDS],
  );
  return rows;
}

/** Files the uploads still need (queued or running); every other file of an uploads folder is an orphan. */
export async function liveUploadFiles(db: Db): Promise<Set<string>> {
  const { rows } = await db.$client.query<{ path: string }>(
    `select file_path as path from uploads where status in ('queued', 'processing')`,
  );
  return new Set(rows.map((r) => r.path));
}

/** GET /api/upload_files?type=: the caller's files of one kind still in progress, newest first. */
export async function filesInProgress(db: Db, userId: number, kind: UploadKind): Promise<UploadedFile[]> {
  return (
    db
      .select({ id: uploads.id, originalName: uploads.originalName, completion: uploads.completion })
      .from(uploads)
      // The literal states match the partial index uploads_live_idx.
      .where(
        and(eq(uploads.kind, kind), eq(uploads.userId, userId), sql`${uploads.status} in ('queued', 'processing')`),
      )
      .orderBy(desc(uploads.id))
  );
}

import type { Db } from '../../../db/client.ts';

/** A 'processing' upload whose worker has not beaten for this long is taken to be dead. */
export const STALE_SECONDS = 60;

export interface ClaimedUpload {
  id: number;
  emailListId: number;
  userId: number;
  filePath: string;
  fileSize: number;
  attempts: number;
  ownerId: number;
  listName: string;
}

/** Records an accepted file and makes it the list's running job (completion 0). */
export async function createUpload(
  db: Db,
  u: { emailListId: number; userId: number; fileName: string; filePath: string; fileSize: number; context?: string },
): Promise<number> {
  const { rows } = await db.$client.query<{ id: number }>(
    `with up as (
       insert into email_list_uploads (email_list_id, user_id, file_name, file_path, file_size, context)
       values ($1, $2, $3, $4, $5, $6) returning id
     )
     update email_lists set job = (select id from up), completion = 0 where id = $1
     returning (select id from up) as id`,
    [u.emailListId, u.userId, u.fileName, u.filePath, u.fileSize, u.context ?? null],
  );
  return rows[0]!.id;
}

export async function setBossJob(db: Db, uploadId: number, bossJobId: string) {
  await db.$client.query('update email_list_uploads set boss_job_id = $2 where id = $1', [uploadId, bossJobId]);
}

/**
 * Takes an upload for one run: a queued one, or a processing one whose worker died. Each run bumps
 * `attempts`; the merge commits only while the upload is still this run's (merge.ts).
 */
export async function claimUpload(db: Db, uploadId: number): Promise<ClaimedUpload | undefined> {
  const { rows } = await db.$client.query<ClaimedUpload>(
    `update email_list_uploads u set status = 'processing', attempts = u.attempts + 1, heartbeat_at = now()
     from email_lists l
     where u.id = $1 and l.id = u.email_list_id
       and (u.status = 'queued' or (u.status = 'processing' and u.heartbeat_at < now() - make_interval(secs => $2)))
     returning u.id, u.email_list_id as "emailListId", u.user_id as "userId", u.file_path as "filePath",
       u.file_size as "fileSize", u.attempts, l.user_id as "ownerId", l.name as "listName"`,
    [uploadId, STALE_SECONDS],
  );
  return rows[0];
}

/** Hands the upload back to the queue before pg-boss retries the job. */
export async function releaseUpload(db: Db, up: ClaimedUpload) {
  await db.$client.query(
    `update email_list_uploads set status = 'queued', heartbeat_at = null
     where id = $1 and attempts = $2 and status = 'processing'`,
    [up.id, up.attempts],
  );
}

/**
 * Marks the upload failed and returns the list to idle (job null, completion 0), unless another upload of
 * the list is still running, which then becomes the list's job. Returns the list's job and completion.
 */
export async function failUpload(db: Db, up: ClaimedUpload, reason: string) {
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    await client.query('select 1 from email_lists where id = $1 for update', [up.emailListId]);
    await client.query(
      `update email_list_uploads set status = 'failed', error = $3, finished_at = now(), heartbeat_at = null
       where id = $1 and attempts = $2`,
      [up.id, up.attempts, reason],
    );
    const { rows } = await client.query<{ job: number | null; completion: number }>(
      `with next_job as (
         select max(id) as id from email_list_uploads
         where email_list_id = $1 and status in ('queued', 'processing')
       )
       update email_lists set job = (select id from next_job),
         completion = case when (select id from next_job) is null then 0 else completion end
       where id = $1
       returning job, completion`,
      [up.emailListId],
    );
    await client.query('commit');
    return rows[0];
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

export interface PendingUpload {
  id: number;
  status: string;
  bossJobId: string | null;
}

/** Uploads that may have lost their job: queued for over a minute, or processing with a dead worker. */
export async function pendingUploads(db: Db): Promise<PendingUpload[]> {
  const { rows } = await db.$client.query<PendingUpload>(
    `select id, status, boss_job_id as "bossJobId" from email_list_uploads
     where (status = 'queued' and created_at < now() - interval '1 minute')
        or (status = 'processing' and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => $1)))
     order by id`,
    [STALE_SECONDS],
  );
  return rows;
}

/** Files the uploads still need (queued or running); every other file of the uploads folder is an orphan. */
export async function liveUploadFiles(db: Db): Promise<Set<string>> {
  const { rows } = await db.$client.query<{ path: string }>(
    `select file_path as path from email_list_uploads where status in ('queued', 'processing')`,
  );
  return new Set(rows.map((r) => r.path));
}

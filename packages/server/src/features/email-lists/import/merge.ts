import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { FailureReasons } from '@console/shared/email-lists';

/**
 * Stage 2 (still outside any lock, on the job's own connection): each staged address classified and
 * ranked. `first` marks the first occurrence of an address in the file; later ones are duplicates.
 * `valid` is false for a spam-trap address, a blacklisted domain or an unsubscriber of the list's
 * category. The window sorts by address, so the table comes out in address order, which is the order
 * the merge inserts in: the (email_list_id, email) index then grows leaf by leaf instead of at random.
 */
export const CREATE_RANKED = `
  create temp table import_ranked as
  select s.rn, s.email, s.provider_id, s.name, s.surname, s.birth_year, s.city, s.geo,
    not (d.domain is not null or sp.email is not null or u.email is not null) as valid,
    row_number() over (partition by s.email order by s.rn) = 1 as first
  from import_stage s
  left join mail_provider_domains d on d.domain = s.domain and d.is_blacklisted
  left join spam_emails sp on sp.email = s.email
  left join unsubscribers u on u.email = s.email and u.category_id = $1
  where s.reason is null`;

export interface MergeInput {
  listId: number;
  uploadId: number;
  /** The run that claimed the upload; another run's commit makes this one give up. */
  attempt: number;
  rows: number;
  bad: number;
  /** Where the failures file of this upload goes (keyed by upload id: a retry overwrites it). */
  failedPath: string;
}

export interface MergeResult {
  listName: string;
  ownerId: number;
  inserted: number;
  valid: number;
  failed: number;
  duplicates: number;
  /** The list's job and completion after the commit (another upload of the list may still run). */
  job: number | null;
  completion: number;
  previousFailedFile: string | null;
}

/** The list disappeared, or another run of this upload got there first. */
export class MergeAbandoned extends Error {}

/**
 * Stage 3: ONE transaction. The list row is locked FOR UPDATE, as by every writer of a list's e-mails,
 * so concurrent uploads to a list merge one after the other and each sees what the previous one added.
 * Then: addresses the list already has, the failures file, the insert (whose returned rows feed the
 * counters, per provider, incrementally), the list's counters/job/completion/failed file, and the
 * upload's status. Nothing of it is visible before COMMIT; a crash before it leaves the list as it was.
 */
export async function merge(client: pg.Client, m: MergeInput): Promise<MergeResult> {
  const dupInFile = (await client.query<{ n: number }>('select count(*)::int as n from import_ranked where not first')).rows[0]!.n;
  await client.query('begin');
  try {
    const list = await client.query<{ name: string; user_id: number; failed_file: string | null }>(
      'select name, user_id, failed_file from email_lists where id = $1 for update',
      [m.listId],
    );
    const upload = await client.query<{ status: string; attempts: number }>(
      'select status, attempts from email_list_uploads where id = $1 for update',
      [m.uploadId],
    );
    const u = upload.rows[0];
    if (!list.rows[0] || !u || u.status !== 'processing' || u.attempts !== m.attempt) throw new MergeAbandoned();
    const { name: listName, user_id: ownerId, failed_file: previousFailedFile } = list.rows[0];

    // Under the lock the list's addresses cannot change: these are exactly the duplicates against it.
    const known = await client.query(
      `create temp table import_known on commit drop as
       select r.rn, r.email from import_ranked r
       join emails e on e.email_list_id = $1 and e.email = r.email
       where r.first`,
      [m.listId],
    );
    const duplicates = dupInFile + (known.rowCount ?? 0);
    const failed = m.bad + duplicates;
    if (failed > 0) await writeFailures(client, m.failedPath);

    // No ON CONFLICT: the rows are unique within the file (first) and new to the list (import_known, under
    // the lock), and the speculative insertion ON CONFLICT needs costs as much again as the insert itself
    // (docs/decisions/0202-import-pipeline.md). A unique violation would mean a writer that skipped the lock:
    // the statement fails, the transaction rolls back, and the run is retried.
    const res = await client.query<{ inserted: number; valid: number; job: number | null; completion: number }>(
      `with ins as (
         insert into emails (email_list_id, email, name, surname, birth_year, city, geo, mail_provider_id, valid)
         select $1, r.email, r.name, r.surname, r.birth_year, r.city, r.geo, r.provider_id, r.valid
         from import_ranked r
         where r.first and not exists (select 1 from import_known k where k.rn = r.rn)
         returning mail_provider_id, valid
       ), agg as (
         select mail_provider_id, count(*)::int as n, (count(*) filter (where valid))::int as v from ins group by 1
       ), pc as (
         insert into email_list_provider_counters (email_list_id, mail_provider_id, counter)
         select $1, mail_provider_id, n from agg
         on conflict (email_list_id, mail_provider_id)
         do update set counter = email_list_provider_counters.counter + excluded.counter
       ), next_job as (
         select max(id) as id from email_list_uploads
         where email_list_id = $1 and id <> $2 and status in ('queued', 'processing')
       )
       update email_lists set
         total_counter = total_counter + coalesce((select sum(n) from agg), 0),
         valid_counter = valid_counter + coalesce((select sum(v) from agg), 0),
         failed_file = $3,
         job = (select id from next_job),
         completion = case when (select id from next_job) is null then 100 else completion end
       where id = $1
       returning coalesce((select sum(n) from agg), 0)::int as inserted, coalesce((select sum(v) from agg), 0)::int as valid,
         job, completion`,
      [m.listId, m.uploadId, failed > 0 ? m.failedPath : null],
    );
    const r = res.rows[0]!;
    await client.query(
      `update email_list_uploads set status = 'done', rows = $2, inserted = $3, failed = $4, stats = $5,
         finished_at = now(), heartbeat_at = null, error = null
       where id = $1`,
      [m.uploadId, m.rows, r.inserted, failed, { valid: r.valid, invalid: r.inserted - r.valid, duplicates, badRows: m.bad }],
    );
    await client.query('commit');
    return { listName, ownerId, inserted: r.inserted, valid: r.valid, failed, duplicates, job: r.job, completion: r.completion, previousFailedFile };
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  }
}

/** `row,email,reason`, by row: malformed rows from the staging table, duplicates from the ranking. */
async function writeFailures(client: pg.Client, target: string) {
  const tmp = `${target}.part`;
  await pipeline(
    client.query(
      copyTo(`copy (
        select rn as row, email, reason from import_stage where reason is not null
        union all select rn, email, '${FailureReasons.duplicate}' from import_ranked where not first
        union all select rn, email, '${FailureReasons.duplicate}' from import_known
        order by 1
      ) to stdout with (format csv, header)`),
    ),
    fs.createWriteStream(tmp),
  );
  fs.renameSync(tmp, target);
}

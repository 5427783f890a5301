import type pg from 'pg';
import { FailureReasons } from '@console/shared/email-lists';
import { UploadKinds } from '@console/shared/uploads';
import { TargetGone, type MergeRun, type Merged } from '../../../core/imports/kind.ts';
import type { EmailRows } from './email-rows.ts';

/**
 * Stage 2 (outside any lock, on the job's own connection): rows that repeat an address of an earlier row
 * of the file get the reason 'duplicate'. Only rows DupFilter flagged are candidates, and a candidate is a
 * duplicate only if the same address has a smaller row number: exact, whatever the fingerprints collided
 * on. Returns how many.
 */
export async function markDuplicatesInFile(client: pg.ClientBase): Promise<number> {
  // A sample, for the planner: the flagged rows are few. 3,000 rows of the three columns it reads say so
  // as well as the default 30,000 of every column, in a tenth of the time (0.3-0.6 s per million rows).
  await client.query(
    'set default_statistics_target = 10; analyze import_stage (maybe_dup, reason, email); reset default_statistics_target',
  );
  const res = await client.query(`
    update import_stage f set reason = '${FailureReasons.duplicate}'
    from (select s.email, min(s.rn) as first_rn from import_stage s
          where s.reason is null and s.email in (select email from import_stage where maybe_dup)
          group by s.email) x
    where f.maybe_dup and f.email = x.email and f.rn > x.first_rn`);
  return res.rowCount ?? 0;
}

export interface Classification {
  valid: string;
  joins: string;
}

/**
 * Spam-trap, bounced and unsubscriber tables up to this size together (about 2M rows; one hash holds them
 * all), and a domain table up to it, are looked up by hash.
 */
const HASHABLE_BYTES = 150 * 1024 * 1024;

/**
 * `valid` = not (blacklisted domain, spam-trap address, bounced address, unsubscribed from the list's
 * category, complained about the list's owner, a domain whose MX is a spam-trap MX; $4 is the category,
 * $1 the list): the rules of suppression/validity.ts.
 * Two equivalent forms. `x in (subquery)` builds one hash per kind of key and probes it, the cheapest
 * (about 0.5 s less per million rows than joins); but when the planner expects the hash not to fit in
 * work_mem it plans a scan of the subquery per row, which never ends on big tables. So: the hashed form
 * while the tables are small enough to be hashed for sure (256 MB work_mem, see core/imports/run.ts), left
 * joins on their unique keys beyond (a hash join batches whatever the size; no row is repeated).
 */
export async function classification(client: pg.ClientBase): Promise<Classification> {
  const { rows } = await client.query<{ n: number }>(
    `select greatest(pg_relation_size('spam_emails') + pg_relation_size('bounced_emails')
       + pg_relation_size('unsubscribers') + pg_relation_size('complaint_emails'), pg_relation_size('mail_provider_domains'))::float8 as n`,
  );
  return (rows[0]?.n ?? 0) <= HASHABLE_BYTES ? CLASSIFY_HASHED : CLASSIFY_JOINED;
}

/** Domains whose MX host is a spam-trap MX (few: the blacklisted MX hosts are few). */
const MX_TRAPPED_DOMAINS = `select distinct m.domain from domain_mx m
  join dns_records r on r.type = 'MX' and r.is_blacklisted and r.value = any(m.mx)`;

/** The addresses that complained about the list's owner's mail ($1 is the list: decision 1390). */
const COMPLAINED = `select email from complaint_emails where user_id = (select user_id from email_lists where id = $1)`;

/**
 * One hash of the address lists and one of the domain lists, each probed once per row: the same answer as
 * a probe per table (x in (A union all B) = x in A or x in B, NULLs included) at about 60% of the cost
 * (2.0 s -> 1.2 s per million rows, docs/decisions/1180-import-speed.md).
 */
export const CLASSIFY_HASHED: Classification = {
  valid: `not coalesce(
    s.domain in (select domain from mail_provider_domains where is_blacklisted union all ${MX_TRAPPED_DOMAINS})
    or s.email in (select email from spam_emails union all select email from bounced_emails
      union all select email from unsubscribers where category_id = $4 union all ${COMPLAINED}), false)`,
  joins: '',
};

export const CLASSIFY_JOINED: Classification = {
  valid:
    'd.domain is null and sp.email is null and bo.email is null and u.email is null and ce.email is null and mxd.domain is null',
  joins: `left join mail_provider_domains d on d.domain = s.domain and d.is_blacklisted
    left join spam_emails sp on sp.email = s.email
    left join bounced_emails bo on bo.email = s.email
    left join unsubscribers u on u.email = s.email and u.category_id = $4
    left join (${COMPLAINED}) ce on ce.email = s.email
    left join (${MX_TRAPPED_DOMAINS}) mxd on mxd.domain = s.domain`,
};

/**
 * The insert goes in the order of the (email_list_id, email) index, i.e. the database's collation. When
 * that collation orders like "C" (C, POSIX, C.UTF-8: code-point order, and imported addresses are ASCII),
 * sorting with "C" gives the same order with plain byte comparisons.
 */
export async function sortCollation(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ provider: string; collate: string }>(
    `select datlocprovider as provider, datcollate as collate from pg_database where datname = current_database()`,
  );
  const r = rows[0];
  return r && r.provider === 'c' && /^(c|posix|c\.utf-?8)$/i.test(r.collate) ? ' collate "C"' : '';
}

/**
 * The direct path: the staged rows that repeat a row already written into the list. They are few (the
 * flagged ones): one probe of the list's index each, whatever the planner thinks of the list's size (a
 * list just written has no statistics, and a hash of all of it cost 0.3-0.5 s per million rows).
 * `offset 0` keeps the EXISTS a per-row subplan.
 */
async function repeatsOfDirectRows(client: pg.ClientBase, listId: number): Promise<number> {
  const res = await client.query(
    `update import_stage s set reason = '${FailureReasons.duplicate}'
     where s.maybe_dup and s.reason is null
       and exists (select from emails e where e.email_list_id = $1 and e.email = s.email offset 0)`,
    [listId],
  );
  return res.rowCount ?? 0;
}

/**
 * The direct path's rows went into the list as valid, unclassified (the list held nothing else): the
 * rules now mark the ones they refuse, in one statement over the list, in the form `classification` chose.
 * Returns how many stay valid.
 */
async function classifyDirect(
  client: pg.ClientBase,
  run: MergeRun<EmailRows>,
  categoryId: number,
  classify: Classification,
) {
  let rows = 0;
  for (const n of run.parser.directByProvider.values()) rows += n;
  return rows - (await refuseInList(client, run.upload.targetId!, categoryId, classify));
}

/** Marks invalid the valid e-mails of a list the rules refuse (`classify`'s form); returns how many. */
export async function refuseInList(
  client: pg.ClientBase,
  listId: number,
  categoryId: number,
  classify: Classification,
) {
  const res = await client.query(
    `update emails e set valid = false
     from (select s.id from (select id, email, split_part(email, '@', 2) as domain from emails
                             where email_list_id = $1 and valid) s
           ${classify.joins} where not (${classify.valid})) r
     where e.id = r.id`.replaceAll('$4', '$2'),
    [listId, categoryId],
  );
  return res.rowCount ?? 0;
}

export interface EmailsMerged extends Merged {
  valid: number;
  duplicates: number;
  /** The list's job and completion after the commit (another upload of the list may still run). */
  job: number | null;
  completion: number;
}

/**
 * Stage 3, inside the run's ONE transaction (core/imports/run.ts). The list row is locked FOR UPDATE, as
 * by every writer of a list's e-mails, so concurrent uploads to a list merge one after the other and each
 * sees what the previous one added; then the upload (still this run's). Then: addresses the list already
 * has, the insert (whose returned rows feed the counters, per provider, incrementally), and the list's
 * counters/job/completion/failed file. The mechanism then writes the failures file and marks the upload
 * done. Nothing of it is visible before COMMIT; a crash before it leaves the list as it was. On the direct
 * path (`run.direct`) the same transaction already wrote the file's certainly new rows into the list: the
 * staged rows repeating them are duplicates, and they are classified here (`classifyDirect`).
 */
export async function merge(client: pg.ClientBase, run: MergeRun<EmailRows>): Promise<EmailsMerged> {
  const listId = run.upload.targetId!;
  const list = await client.query<{ category_id: number; failed_file: string | null; total_counter: number }>(
    'select category_id, failed_file, total_counter from email_lists where id = $1 for update',
    [listId],
  );
  if (!list.rows[0]) throw new TargetGone();
  await run.holdUpload();
  const { category_id: categoryId, failed_file: previousFailedFile } = list.rows[0];
  const collation = await sortCollation(client);
  const classify = await classification(client);

  // Under the lock the list's addresses cannot change: these are exactly the duplicates against it.
  // An empty list (its counter is exact under the same lock) has none, and the scan is skipped. On the
  // direct path the list holds the file's first rows, and only the flagged rows can repeat them.
  const known = run.direct
    ? await repeatsOfDirectRows(client, listId)
    : list.rows[0].total_counter === 0
      ? 0
      : ((
          await client.query(
            `update import_stage s set reason = '${FailureReasons.duplicate}'
             from emails e where e.email_list_id = $1 and e.email = s.email and s.reason is null`,
            [listId],
          )
        ).rowCount ?? 0);
  const duplicates = run.parser.dupInFile + known;
  const directValid = run.direct ? await classifyDirect(client, run, categoryId, classify) : 0;
  const failed = run.parser.bad + duplicates;

  // No ON CONFLICT: what is left (reason null) is unique within the file and new to the list (under the
  // lock), and the speculative insertion ON CONFLICT needs costs as much again as the insert itself
  // (docs/decisions/0202-import-pipeline.md). A unique violation would mean a writer that skipped the
  // lock: the statement fails, the transaction rolls back, and the run is retried.
  // Address order, the unique index's own order: it then grows leaf by leaf instead of at random.
  const res = await client.query<{ inserted: number; valid: number; job: number | null; completion: number }>(
    `with ins as (
       insert into emails (email_list_id, email, name, surname, birth_year, city, geo, mail_provider_id, valid)
       select $1, s.email, s.name, s.surname, s.birth_year, s.city, s.geo, s.provider_id, ${classify.valid}
       from import_stage s ${classify.joins}
       where s.reason is null
       order by s.email${collation}
       returning mail_provider_id, valid
     ), agg as (
       select mail_provider_id, sum(n)::int as n, sum(v)::int as v from (
         select mail_provider_id, count(*) as n, count(*) filter (where valid) as v from ins group by 1
         union all select p, n, 0 from unnest($5::int[], $6::int[]) as d(p, n)
       ) a group by 1
     ), pc as (
       insert into email_list_provider_counters (email_list_id, mail_provider_id, counter)
       select $1, mail_provider_id, n from agg
       on conflict (email_list_id, mail_provider_id)
       do update set counter = email_list_provider_counters.counter + excluded.counter
     ), next_job as (${NEXT_JOB})
     update email_lists set
       total_counter = total_counter + coalesce((select sum(n) from agg), 0),
       valid_counter = valid_counter + coalesce((select sum(v) from agg), 0) + $7,
       failed_file = $3,
       job = (select id from next_job),
       completion = case when (select id from next_job) is null then 100 else completion end
     where id = $1
     returning coalesce((select sum(n) from agg), 0)::int as inserted,
       (coalesce((select sum(v) from agg), 0) + $7)::int as valid, job, completion`,
    [
      listId,
      run.upload.id,
      failed > 0 ? run.failuresPath : null,
      categoryId,
      [...run.parser.directByProvider.keys()],
      [...run.parser.directByProvider.values()],
      directValid,
    ],
  );
  const r = res.rows[0]!;
  return {
    inserted: r.inserted,
    failed,
    valid: r.valid,
    duplicates,
    job: r.job,
    completion: r.completion,
    stats: { valid: r.valid, invalid: r.inserted - r.valid, duplicates, badRows: run.parser.bad },
    obsolete: [previousFailedFile],
  };
}

/** The list's next running upload once upload $2 ends: the newest other one still queued or running. */
export const NEXT_JOB = `select max(id) as id from uploads
  where kind = ${UploadKinds.emails} and target_id = $1 and id <> $2 and status in ('queued', 'processing')`;

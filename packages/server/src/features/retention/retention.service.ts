import path from 'node:path';
import type pg from 'pg';
import { CampaignStatus } from '@console/shared/enums';
import type { AppContext } from '../../core/context.ts';
import { transaction } from '../../db/transaction.ts';
import { writeArchive } from './archive.ts';
import {
  ArchiveKind,
  eventsArchivedBefore,
  listArchives,
  markRetentionRun,
  purgeReportTexts,
  retentionSettings,
} from './retention.repo.ts';

/*
 * The nightly retention run (decision 1370). Each partition that fell out goes in a transaction of its own:
 * a SHARE lock (nothing writes to it meanwhile, reports still read it), COPY to a gzip'd CSV that is fsync'd
 * and renamed into place, then DROP TABLE of the partition, which frees its disk at once (no DELETE, no
 * bloat). A lock that
 * is not granted within LOCK_TIMEOUT (a long report holding the parent table) skips the partition until the
 * next run instead of queueing every writer behind it.
 */

const LOCK_TIMEOUT = '5s';
const Finished = CampaignStatus.Finished;

export interface RetentionRun {
  archived: { partition: string; rows: number; bytes: number }[];
  skipped: { partition: string; why: string }[];
  /** Bounce reports whose raw text was removed (decision 1443). */
  reportsPurged: number;
}

/** Monthly partitions of `events` that end before the cut, oldest first (the default partition never). */
async function oldEventPartitions(client: pg.ClientBase, cut: Date) {
  const { rows } = await client.query<{ name: string; from: Date; to: Date }>(
    `select c.relname as name, b[1]::timestamptz as "from", b[2]::timestamptz as "to"
       from pg_inherits i
       join pg_class c on c.oid = i.inhrelid,
            lateral regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\) TO \\(''([^'']+)''\\)') b
      where i.inhparent = 'events'::regclass and b is not null and b[2]::timestamptz <= $1
      order by 2`,
    [cut],
  );
  return rows;
}

/** Finished campaigns that ended before the cut and still have their recipients' partition. */
async function oldRecipientPartitions(client: pg.ClientBase, cut: Date) {
  const { rows } = await client.query<{ id: number; end: Date }>(
    `select id, end_date as "end" from campaigns
      where status = ${Finished} and recipients_archived_at is null and end_date <= $1
        and to_regclass('campaign_recipients_' || id) is not null
      order by id`,
    [cut],
  );
  return rows;
}

export async function runRetention(ctx: Pick<AppContext, 'db' | 'env'>, now = new Date()): Promise<RetentionRun> {
  const settings = await retentionSettings(ctx.db);
  const run: RetentionRun = { archived: [], skipped: [], reportsPurged: 0 };
  const monthsAgo = new Date(now);
  monthsAgo.setUTCMonth(monthsAgo.getUTCMonth() - settings.eventsMonths);
  const daysAgo = new Date(now.getTime() - settings.recipientsDays * 86_400_000);
  const client = await ctx.db.$client.connect();
  try {
    for (const p of await oldEventPartitions(client, monthsAgo))
      await archiveOne(ctx.env.ARCHIVE_DIR, client, run, {
        partition: p.name,
        parent: 'events',
        row: { kind: ArchiveKind.events, rangeFrom: p.from, rangeTo: p.to, campaignId: null },
        // A partition with an unfinished campaign's rows stays, whatever its age (issue 42).
        busy: async () => {
          const { rows } = await client.query<{ busy: boolean }>(
            `select exists (select 1 from campaigns c where c.status <> ${Finished}
                              and exists (select 1 from "${p.name}" e
                                           where e.campaign_type = c.type and e.campaign_id = c.id)) as busy`,
          );
          return rows[0]!.busy ? 'it holds events of a campaign that is not finished' : null;
        },
      });
    for (const c of await oldRecipientPartitions(client, daysAgo))
      await archiveOne(ctx.env.ARCHIVE_DIR, client, run, {
        partition: `campaign_recipients_${c.id}`,
        parent: 'campaign_recipients',
        row: { kind: ArchiveKind.recipients, rangeFrom: null, rangeTo: c.end, campaignId: c.id },
        dropped: () => client.query(`update campaigns set recipients_archived_at = now() where id = $1`, [c.id]),
      });
    run.reportsPurged = await purgeReportTexts(ctx.db, new Date(now.getTime() - settings.reportsDays * 86_400_000));
    const skipped = run.skipped.map((s) => `${s.partition}: ${s.why}`).join('; ');
    await markRetentionRun(ctx.db, skipped || null);
    return run;
  } catch (e) {
    await markRetentionRun(ctx.db, (e as Error).message).catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

interface Partition {
  partition: string;
  parent: 'events' | 'campaign_recipients';
  row: { kind: number; rangeFrom: Date | null; rangeTo: Date | null; campaignId: number | null };
  /** Why the partition must stay (checked under the lock, before anything is written); null: it may go. */
  busy?: () => Promise<string | null>;
  /** What else changes in the same transaction as the drop. */
  dropped?: () => Promise<unknown>;
}

/**
 * Archives one partition and drops it, in one transaction, so the rows in the file are exactly the rows
 * dropped: a failure anywhere leaves the partition where it was (and at most a stray file the next run
 * overwrites).
 */
async function archiveOne(dir: string, client: pg.PoolClient, run: RetentionRun, p: Partition) {
  const file = path.join(p.parent === 'events' ? 'events' : 'recipients', `${p.partition}.csv.gz`);
  try {
    await transaction(client, async () => {
      await client.query(`set local lock_timeout = '${LOCK_TIMEOUT}'`);
      await client.query(`lock table "${p.partition}" in share mode`);
      const why = p.busy ? await p.busy() : null;
      if (why) return void run.skipped.push({ partition: p.partition, why });
      const written = await writeArchive(client, p.partition, path.join(dir, file));
      await client.query(`drop table "${p.partition}"`);
      await p.dropped?.();
      await client.query(
        `insert into archives (kind, partition, file, rows, bytes, range_from, range_to, campaign_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [p.row.kind, p.partition, file, written.rows, written.bytes, p.row.rangeFrom, p.row.rangeTo, p.row.campaignId],
      );
      run.archived.push({ partition: p.partition, ...written });
    });
  } catch (e) {
    // 55P03: a lock was not granted in time; the next run tries again.
    if ((e as { code?: string }).code !== '55P03') throw e;
    run.skipped.push({
      partition: p.partition,
      why: 'busy (a lock was not granted in time); the next run tries again',
    });
  }
}

/** What GET /api/retention answers. */
export async function retentionOverview(ctx: Pick<AppContext, 'db' | 'env'>) {
  const [settings, before, list] = await Promise.all([
    retentionSettings(ctx.db),
    eventsArchivedBefore(ctx.db),
    listArchives(ctx.db),
  ]);
  return {
    eventsMonths: settings.eventsMonths,
    recipientsDays: settings.recipientsDays,
    reportsDays: settings.reportsDays,
    archiveDir: ctx.env.ARCHIVE_DIR,
    eventsArchivedBefore: before?.toISOString() ?? null,
    lastRunAt: settings.runAt?.toISOString() ?? null,
    lastRunError: settings.error,
    archives: list,
  };
}

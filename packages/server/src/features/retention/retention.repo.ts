import { desc, eq, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { archives, consoleSettings } from '../../db/schema/index.ts';

/** `archives.kind`. */
export const ArchiveKind = { events: 1, recipients: 2 } as const;
const kindName = { 1: 'events', 2: 'recipients' } as const;

/** How long data is kept, and the last run (`console_settings`, one row made by migration 0026). */
export async function retentionSettings(db: Executor) {
  const [row] = await db
    .select({
      eventsMonths: consoleSettings.eventsMonths,
      recipientsDays: consoleSettings.recipientsDays,
      reportsDays: consoleSettings.reportsDays,
      runAt: consoleSettings.retentionRunAt,
      error: consoleSettings.retentionError,
    })
    .from(consoleSettings);
  return row!;
}

export async function saveRetentionSettings(
  db: Executor,
  v: { eventsMonths: number; recipientsDays: number; reportsDays?: number | undefined },
) {
  await db
    .update(consoleSettings)
    .set({ eventsMonths: v.eventsMonths, recipientsDays: v.recipientsDays, reportsDays: v.reportsDays });
}

/** Rows of bounce reports whose raw text one statement removes: short statements, no long row locks. */
export const PURGE_BATCH = 5_000;

/**
 * Removes the raw text of bounce reports read before `cut` (decision 1443): the rows stay (the screen, the
 * counts and the read-once guards need them), `raw_purged_at` says when. Returns how many were purged.
 */
export async function purgeReportTexts(db: Executor, cut: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await db.execute<{ n: number }>(sql`
      with batch as (
        select id from bounce_reports where raw is not null and created_at < ${cut.toISOString()}::timestamptz
         order by created_at limit ${PURGE_BATCH} for update skip locked
      ), done as (
        update bounce_reports b set raw = null, raw_purged_at = now() from batch where b.id = batch.id returning 1
      )
      select count(*)::int as n from done`);
    total += rows[0]!.n;
    if (rows[0]!.n < PURGE_BATCH) return total;
  }
}

/** The end of a run: when, and why it stopped short (null: it did all it should). */
export async function markRetentionRun(db: Executor, error: string | null) {
  await db.update(consoleSettings).set({ retentionRunAt: new Date(), retentionError: error });
}

/** The newest first: what an administrator looks for is what went last night. */
export async function listArchives(db: Executor, limit = 500) {
  const rows = await db.select().from(archives).orderBy(desc(archives.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    kind: kindName[r.kind as 1 | 2],
    partition: r.partition,
    file: r.file,
    rows: r.rows,
    bytes: r.bytes,
    rangeFrom: r.rangeFrom?.toISOString() ?? null,
    rangeTo: r.rangeTo?.toISOString() ?? null,
    campaignId: r.campaignId,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Raw events before this moment are in archives, not in the database (null: nothing archived yet). */
export async function eventsArchivedBefore(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ to: max(archives.rangeTo) })
    .from(archives)
    .where(eq(archives.kind, ArchiveKind.events));
  return row?.to ? new Date(row.to) : null;
}

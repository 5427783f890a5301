import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  BOUNCE_MAILBOXES_PAGE_SIZE,
  BOUNCE_REPORTS_PAGE_SIZE,
  REPORT_OUTCOMES,
  bounceMailboxItem,
  bounceReportItem,
  type BounceMailbox,
  type BounceReport,
} from '@console/shared/bounce-mailboxes';
import type { Executor } from '../../db/client.ts';
import {
  bounceMailboxServers,
  bounceMailboxes,
  bounceReports,
  campaigns,
  smtpServers,
  users,
} from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';
import { ownedBy } from '../../core/access.ts';
import type { AuthUser } from '../../core/context.ts';

const m = bounceMailboxes;

/**
 * GET /api/bounce_mailboxes: newest first. The password never leaves the server (`hasPassword`); the
 * servers are the SMTP servers whose bounces come here.
 */
export const bounceMailboxesCollection = defineCollection({
  table: m,
  item: bounceMailboxItem,
  fields: {
    id: m.id,
    name: m.name,
    host: m.host,
    port: m.port,
    security: sql<BounceMailbox['security']>`${m.security}`,
    username: m.username,
    hasPassword: sql<boolean>`${m.passwordEnc} <> ''`,
    folder: m.folder,
    active: m.active,
    smtpServers: sql<BounceMailbox['smtpServers']>`coalesce((
      select json_agg(json_build_object('id', s.id, 'name', s.name) order by s.name, s.id)
        from ${bounceMailboxServers} ms join ${smtpServers} s on s.id = ms.smtp_server_id
       where ms.mailbox_id = ${m.id}), '[]'::json)`,
    user: sql<BounceMailbox['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
    checkedAt: m.checkedAt,
    error: m.error,
    readCount: m.readCount,
    bouncesCount: m.bouncesCount,
    complaintsCount: m.complaintsCount,
    unmatchedCount: m.unmatchedCount,
  },
  join: (q) => q.innerJoin(users, eq(users.id, m.userId)),
  scope: ownedBy(m.userId),
  filters: { name: filters.contains(m.name), 'user.id': filters.owner(m.userId) },
  sortable: { id: m.id, name: m.name, host: m.host, checkedAt: m.checkedAt },
  order: [sql`${m.id} desc`],
  pageSize: BOUNCE_MAILBOXES_PAGE_SIZE,
  present: (r) => ({ ...r, checkedAt: r.checkedAt?.toISOString() ?? null }),
});

export const findBounceMailbox = (db: Executor, user: AuthUser, id: number) =>
  bounceMailboxesCollection.one(db, user, eq(m.id, id));

const r = bounceReports;

/** GET /api/bounce_reports: the reports read from the owner's mailboxes, newest first. */
export const bounceReportsCollection = defineCollection({
  table: r,
  item: bounceReportItem,
  fields: {
    id: r.id,
    createdAt: r.createdAt,
    mailbox: sql<BounceReport['mailbox']>`json_build_object('id', ${m.id}, 'name', ${m.name})`,
    kind: sql<BounceReport['kind']>`${r.kind}`,
    format: r.format,
    outcome: sql<BounceReport['outcome']>`${r.outcome}`,
    category: r.category,
    recipient: r.recipient,
    diagnostic: r.diagnostic,
    subject: r.subject,
    campaign: sql<BounceReport['campaign']>`case when ${campaigns.id} is null then null
      else json_build_object('id', ${campaigns.id}, 'name', ${campaigns.name}) end`,
    relayId: r.relayId,
    problems: r.problems,
    size: r.size,
  },
  join: (q) => q.innerJoin(m, eq(m.id, r.mailboxId)).leftJoin(campaigns, eq(campaigns.id, r.campaignId)),
  scope: ownedBy(r.userId),
  filters: {
    mailbox: filters.id(r.mailboxId),
    campaign: filters.id(r.campaignId),
    outcome: filters.equals(r.outcome, z.enum(REPORT_OUTCOMES)),
    recipient: filters.contains(r.recipient, 'Recipient'),
    'user.id': filters.owner(r.userId),
  },
  sortable: { id: r.id, createdAt: r.id, recipient: r.recipient, outcome: r.outcome },
  order: [sql`${r.id} desc`],
  pageSize: BOUNCE_REPORTS_PAGE_SIZE,
  present: (x) => ({ ...x, createdAt: x.createdAt.toISOString() }),
});

export const findBounceReport = (db: Executor, user: AuthUser, id: number) =>
  bounceReportsCollection.one(db, user, eq(r.id, id));

/** The report's raw text, when the retention job removed it, and until when it is kept (decision 1443). */
export async function reportRaw(db: Executor, id: number) {
  const [row] = await db
    .select({
      raw: r.raw,
      purgedAt: r.rawPurgedAt,
      keptUntil: sql<string | null>`case when ${r.raw} is null then null else
        ${r.createdAt} + make_interval(days => coalesce((select reports_days from console_settings), 90)) end`,
    })
    .from(r)
    .where(eq(r.id, id));
  return row ?? { raw: null, purgedAt: null, keptUntil: null };
}

export type BounceMailboxValues = Omit<typeof m.$inferInsert, 'id' | 'createdAt'>;

export async function insertBounceMailbox(db: Executor, v: BounceMailboxValues) {
  const [row] = await db.insert(m).values(v).returning({ id: m.id });
  return row!.id;
}

export const updateBounceMailboxRow = (db: Executor, id: number, v: Partial<BounceMailboxValues>) =>
  db.update(m).set(v).where(eq(m.id, id));

export const deleteBounceMailboxRow = (db: Executor, id: number) => db.delete(m).where(eq(m.id, id));

/** The mailbox's servers become exactly `ids`. */
export async function setMailboxServers(db: Executor, id: number, ids: number[]) {
  await db.delete(bounceMailboxServers).where(eq(bounceMailboxServers.mailboxId, id));
  if (ids.length)
    await db
      .insert(bounceMailboxServers)
      .values([...new Set(ids)].map((smtpServerId) => ({ mailboxId: id, smtpServerId })));
}

/** Which of `ids` are SMTP servers of `userId`. */
export async function ownersServers(db: Executor, userId: number, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db
    .select({ id: smtpServers.id })
    .from(smtpServers)
    .where(and(eq(smtpServers.userId, userId), inArray(smtpServers.id, ids)));
  return new Set(rows.map((x) => x.id));
}

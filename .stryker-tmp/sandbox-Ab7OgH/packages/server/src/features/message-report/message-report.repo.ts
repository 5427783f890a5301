// @ts-nocheck
import { and, asc, desc, eq, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import {
  MESSAGE_REPORT_PAGE_SIZE,
  messageReportArchiveStatus,
  messageReportItem,
  messageReportUserId,
  type ArchiveStatus,
  type MessageReportFigures,
  type MessageReportOrder,
} from '@console/shared/message-report';
import { defineCollection, type Filter } from '../../core/collection.ts';
import { ownedBy } from '../../core/access.ts';
import { ownerIs } from '../../core/reports.ts';
import { campaignCounters, campaigns, messages } from '../../db/schema/index.ts';

/*
 * The Message report (decision 0918): per message, all time, the figures of every campaign (both kinds)
 * that sent it, summed from campaign_counters; a message no campaign used has no report and no row.
 */

const qb = new QueryBuilder();

/** Per message: the sums over its campaigns (a campaign without counters yet adds zeros). */
const sums = qb
  .select({
    messageId: campaigns.messageId,
    delivered: sql<number>`coalesce(sum(${campaignCounters.delivered}), 0)::int8`.as('delivered'),
    clicked: sql<number>`coalesce(sum(${campaignCounters.uniqueClicks}), 0)::int8`.as('clicked'),
    conversions: sql<number>`coalesce(sum(${campaignCounters.conversions}), 0)::int8`.as('conversions'),
    profit: sql<number>`coalesce(sum(${campaignCounters.profitCents}), 0)::int8`.as('profit'),
  })
  .from(campaigns)
  .leftJoin(
    campaignCounters,
    and(eq(campaignCounters.campaignType, campaigns.type), eq(campaignCounters.campaignId, campaigns.id)),
  )
  .groupBy(campaigns.messageId)
  .as('message_sums');

/** a / b, null when b is 0 (the screen's infinity sign). */
const ratio = (a: SQL, b: SQL) => sql<number | null>`(${a})::float8 / nullif(${b}, 0)`;

/** Every figure of the row as an SQL expression, by the name the API and the order use. */
const figures = {
  delivered: sql<number>`${sums.delivered}`,
  clicked: sql<number>`${sums.clicked}`,
  deliveredToOneClick: ratio(sql`${sums.delivered}`, sql`${sums.clicked}`),
  conversions: sql<number>`${sums.conversions}`,
  clickedToOneConversion: ratio(sql`${sums.clicked}`, sql`${sums.conversions}`),
  profit: sql<number>`${sums.profit}`,
  profitToOneConversion: ratio(sql`${sums.profit}`, sql`${sums.conversions}`),
} satisfies Record<Exclude<MessageReportOrder, 'id' | 'name'>, SQL>;

const sortable: Record<MessageReportOrder, SQL | AnyColumn> = {
  id: messages.id,
  name: messages.name,
  ...figures,
};

/** The archive status filter: archived messages, current ones, or all. */
export const archiveWhere = (status: ArchiveStatus | undefined): SQL | undefined =>
  status === 'archive' ? isNotNull(messages.archive) : status === 'current' ? isNull(messages.archive) : undefined;

const archiveFilter: Filter<ArchiveStatus> = { schema: messageReportArchiveStatus.optional(), where: archiveWhere };
const userFilter: Filter<number> = {
  schema: messageReportUserId.transform((v) => v ?? undefined),
  where: (v) => eq(messages.userId, v),
  adminOnly: true,
};

const json = sql.join(
  Object.entries(figures).map(([k, v]) => sql`${sql.raw(`'${k}'`)}, ${v}`),
  sql`, `,
);

/**
 * GET /api/message_reports: the messages (of the caller; administrators: of `userId` or everyone's) that
 * at least one campaign used, newest first; `order[field]` by any column; `archiveStatus` all|archive|current.
 */
export const messageReportCollection = defineCollection({
  table: messages,
  item: messageReportItem,
  fields: {
    id: messages.id,
    name: messages.name,
    report: sql<MessageReportFigures>`json_build_object(${json})`,
  },
  join: (q) => q.innerJoin(sums, eq(sums.messageId, messages.id)),
  scope: ownedBy(messages.userId),
  filters: { userId: userFilter, archiveStatus: archiveFilter },
  sortable,
  order: [sql`${messages.id} desc`],
  pageSize: MESSAGE_REPORT_PAGE_SIZE,
});

/** One row of the export, flat, as the cursor returns it. */
export type MessageExportRow = { id: number; name: string } & MessageReportFigures;

/** The export's statement: the same rows as the list (every page), in the asked order. */
export function messageExportQuery(
  owner: number | null,
  status: ArchiveStatus,
  orderBy: MessageReportOrder,
  ascending: boolean,
): SQL {
  const dir = ascending ? asc : desc;
  return qb
    .select({
      id: messages.id,
      name: messages.name,
      ...Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, v.as(k)])),
    })
    .from(messages)
    .innerJoin(sums, eq(sums.messageId, messages.id))
    .where(and(ownerIs(sql`${messages.userId}`, owner), archiveWhere(status)))
    .orderBy(dir(sortable[orderBy]), dir(messages.id))
    .getSQL();
}

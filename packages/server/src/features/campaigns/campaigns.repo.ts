import { z } from 'zod';
import { and, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { alias, type PgSelect, type SelectedFields } from 'drizzle-orm/pg-core';
import { CampaignStatus } from '@console/shared/enums';
import { NOT_FINISHED_PAGE_SIZE, completionOf, type CampaignItem } from '@console/shared/campaigns';
import type { Executor } from '../../db/client.ts';
import type { AuthUser } from '../../core/context.ts';
import {
  campaignCounters,
  campaigns,
  emailLists,
  messages,
  offers,
  pmtaRelayGroups,
  smtpRelayGroups,
  users,
} from '../../db/schema/index.ts';
import { defineCollection, filters, type Filter } from '../../core/collection.ts';
import { ownedBy } from '../../core/access.ts';

/*
 * What both campaign kinds' collections and writes share (one `campaigns` table, decision 0804): the row's
 * common fields and joins, the filters, the order, completion from the counters. A kind adds its own
 * fields (SMTP: link groups; PMTA: default city) and names its relay group table and column.
 */

const owner = alias(users, 'owner');

/** `{id, name}` of a joined row, null when the (left-joined) row is missing. */
export const refOf = (t: { id: AnyColumn; name: AnyColumn }) =>
  sql<{ id: number; name: string } | null>`case when ${t.id} is null then null
    else json_build_object('id', ${t.id}, 'name', ${t.name}) end`;

// The outer row is named explicitly ("campaigns"): a bare column could bind inside the subquery.
const mailProviderRefs = sql<CampaignItem['mailProviders']>`coalesce((
  select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.name, p.id)
  from mail_providers p where p.id = any("campaigns"."mail_provider_ids")), '[]'::json)`;

const STATUSES = Object.values(CampaignStatus).map(String);
/** `status=5`, `status[]=2&status[]=1...` or `status=2,1`: one status or a list of them. */
const statusFilter: Filter<number[]> = {
  schema: z
    .union([z.string(), z.array(z.string()).max(STATUSES.length)], { error: 'Invalid status.' })
    .transform((v) => [v].flat().flatMap((s) => s.split(',')))
    .refine((v) => v.every((s) => STATUSES.includes(s)), 'Invalid status.')
    .transform((v) => v.map(Number))
    .optional(),
  where: (v) => inArray(campaigns.status, v),
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

export interface CampaignKindTables {
  /** `campaigns.type`: 1 smtp, 2 pmta. */
  type: number;
  relayGroups: typeof smtpRelayGroups | typeof pmtaRelayGroups;
  /** Each kind's relay group has its own column (and foreign key). */
  relayGroupKey: 'smtpRelayGroupId' | 'pmtaRelayGroupId';
}

/**
 * GET /api/{kind}_campaigns: the `campaigns` rows of one type, newest first, 20 a page (the web asks 40 for
 * the finished list and 10 for 'Last 10 Campaigns'). Filters: name (contains), status (one or a list),
 * user.id (administrators; others always get their own). Completion from the campaign's counters.
 */
export function campaignCollection<F extends SelectedFields, Out extends CampaignItem>(
  kind: CampaignKindTables,
  own: { item: z.ZodType<Out>; fields: F; join?: (q: PgSelect) => PgSelect },
) {
  const groups = kind.relayGroups;
  return defineCollection({
    table: campaigns,
    item: own.item,
    fields: {
      id: campaigns.id,
      name: campaigns.name,
      sender: campaigns.sender,
      emailList: sql<CampaignItem['emailList']>`json_build_object('id', ${emailLists.id}, 'name', ${emailLists.name})`,
      mailProviders: mailProviderRefs,
      message: sql<CampaignItem['message']>`json_build_object('id', ${messages.id}, 'name', ${messages.name})`,
      offer: sql<CampaignItem['offer']>`json_build_object('id', ${offers.id}, 'name', ${offers.name})`,
      relayStatus: campaigns.relayStatus,
      warmupOverflow: campaigns.warmupOverflow,
      relayGroup: sql<CampaignItem['relayGroup']>`json_build_object('id', ${groups.id}, 'name', ${groups.name})`,
      status: campaigns.status,
      scheduledStart: campaigns.scheduledStart,
      scheduledStop: campaigns.scheduledStop,
      startDate: campaigns.startDate,
      endDate: campaigns.endDate,
      total: sql<number>`coalesce(nullif(${campaignCounters.total}, 0), ${campaigns.total})`,
      delivered: sql<number>`coalesce(${campaignCounters.delivered}, 0)`,
      bounced: sql<number>`coalesce(${campaignCounters.bounced}, 0)`,
      pauseReason: campaigns.pauseReason,
      user: sql<CampaignItem['user']>`json_build_object('id', ${owner.id}, 'username', ${owner.username})`,
      ...own.fields,
    },
    join: (q) => {
      const joined = q
        .innerJoin(emailLists, eq(emailLists.id, campaigns.emailListId))
        .innerJoin(messages, eq(messages.id, campaigns.messageId))
        .innerJoin(offers, eq(offers.id, campaigns.offerId))
        .innerJoin(groups, eq(groups.id, campaigns[kind.relayGroupKey]))
        .innerJoin(owner, eq(owner.id, campaigns.userId))
        .leftJoin(
          campaignCounters,
          and(eq(campaignCounters.campaignType, campaigns.type), eq(campaignCounters.campaignId, campaigns.id)),
        );
      return own.join ? own.join(joined) : joined;
    },
    // The page's keys and the total need none of the joins (decision 1502): every campaign has its list,
    // message, offer and owner (not-null foreign keys), its relay group of its kind (`campaigns_relay_group_check`)
    // and at most one counters row; filters, scope and sort read `campaigns` only.
    keysJoin: (q) => q,
    where: eq(campaigns.type, kind.type),
    scope: ownedBy(campaigns.userId),
    filters: {
      name: filters.contains(campaigns.name),
      'user.id': filters.owner(campaigns.userId),
      status: statusFilter,
      'status[]': statusFilter,
    },
    sortable: {
      id: campaigns.id,
      name: campaigns.name,
      status: campaigns.status,
      startDate: campaigns.startDate,
      endDate: campaigns.endDate,
    },
    order: [sql`${campaigns.id} desc`],
    pageSize: NOT_FINISHED_PAGE_SIZE,
    present: (row) => {
      const { total, delivered, bounced, ...r } = row as typeof row & Record<'total' | 'delivered' | 'bounced', number>;
      const dates = r as unknown as Record<'scheduledStart' | 'scheduledStop' | 'startDate' | 'endDate', Date | null>;
      return {
        ...r,
        scheduledStart: iso(dates.scheduledStart),
        scheduledStop: iso(dates.scheduledStop),
        startDate: iso(dates.startDate),
        endDate: iso(dates.endDate),
        completion: completionOf(Number(delivered), Number(bounced), Number(total)),
      } as unknown as Out;
    },
  });
}

export type CampaignValues = Omit<typeof campaigns.$inferInsert, 'id' | 'type' | 'status'>;

export async function insertCampaign(db: Executor, type: number, v: CampaignValues): Promise<number> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...v, type, status: CampaignStatus.Inactive })
    .returning({ id: campaigns.id });
  return row!.id;
}

/** Writes a campaign that is still Inactive; false when it was started (or is gone) meanwhile. */
export async function updateInactiveCampaign(db: Executor, type: number, id: number, v: Partial<CampaignValues>) {
  const done = await db
    .update(campaigns)
    .set(v)
    .where(and(eq(campaigns.id, id), eq(campaigns.type, type), eq(campaigns.status, CampaignStatus.Inactive)))
    .returning({ id: campaigns.id });
  return done.length > 0;
}

/** A campaign's status ({status}); undefined unless the campaign of that kind exists and `user` owns it (administrators: any). */
export async function campaignStatus(db: Executor, user: AuthUser, id: number, type: number) {
  const where = and(eq(campaigns.id, id), eq(campaigns.type, type), ownedBy(campaigns.userId)(user));
  const [row] = await db.select({ status: campaigns.status }).from(campaigns).where(where);
  return row;
}

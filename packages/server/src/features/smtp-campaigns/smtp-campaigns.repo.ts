import { z } from 'zod';
import { and, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CampaignStatus } from '@console/shared/enums';
import { NOT_FINISHED_PAGE_SIZE, completionOf, smtpCampaignItem, type SmtpCampaign } from '@console/shared/campaigns';
import type { Executor } from '../../db/client.ts';
import {
  campaignCounters,
  campaigns,
  emailLists,
  linkGroups,
  messages,
  offers,
  smtpRelayGroups,
  users,
} from '../../db/schema.ts';
import { defineCollection, filters, type Filter } from '../../core/collection.ts';
import { ownedBy } from '../../core/access.ts';
import type { AuthUser } from '../../core/context.ts';

/** `campaigns.type` of an SMTP campaign (the PMTA ones are 2). */
export const SMTP = 1;

const offerLinks = alias(linkGroups, 'offer_links');
const unsubscribeLinks = alias(linkGroups, 'unsubscribe_links');
const pixelLinks = alias(linkGroups, 'pixel_links');
const owner = alias(users, 'owner');

const ref = (t: { id: AnyColumn; name: AnyColumn }) =>
  sql<{ id: number; name: string } | null>`case when ${t.id} is null then null
    else json_build_object('id', ${t.id}, 'name', ${t.name}) end`;

// The outer row is named explicitly ("campaigns"): a bare column could bind inside the subquery.
const mailProviderRefs = sql<SmtpCampaign['mailProviders']>`coalesce((
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

/**
 * GET /api/smtp_campaigns: the `campaigns` rows of type 1, newest first, 20 a page (the web asks 40 for the
 * finished list and 10 for 'Last 10 Campaigns'). Filters: name (contains), status (one or a list),
 * user.id (administrators; others always get their own). Completion from the campaign's counters.
 */
export const smtpCampaignsCollection = defineCollection({
  table: campaigns,
  item: smtpCampaignItem,
  fields: {
    id: campaigns.id,
    name: campaigns.name,
    sender: campaigns.sender,
    emailList: sql<SmtpCampaign['emailList']>`json_build_object('id', ${emailLists.id}, 'name', ${emailLists.name})`,
    mailProviders: mailProviderRefs,
    message: sql<SmtpCampaign['message']>`json_build_object('id', ${messages.id}, 'name', ${messages.name})`,
    offer: sql<SmtpCampaign['offer']>`json_build_object('id', ${offers.id}, 'name', ${offers.name})`,
    offerLinks: ref(offerLinks),
    unsubscribeLinks: ref(unsubscribeLinks),
    pixelLinks: ref(pixelLinks),
    relayStatus: campaigns.relayStatus,
    relayGroup: sql<
      SmtpCampaign['relayGroup']
    >`json_build_object('id', ${smtpRelayGroups.id}, 'name', ${smtpRelayGroups.name})`,
    status: campaigns.status,
    scheduledStart: campaigns.scheduledStart,
    scheduledStop: campaigns.scheduledStop,
    startDate: campaigns.startDate,
    endDate: campaigns.endDate,
    total: sql<number>`coalesce(nullif(${campaignCounters.total}, 0), ${campaigns.total})`,
    delivered: sql<number>`coalesce(${campaignCounters.delivered}, 0)`,
    bounced: sql<number>`coalesce(${campaignCounters.bounced}, 0)`,
    pauseReason: campaigns.pauseReason,
    user: sql<SmtpCampaign['user']>`json_build_object('id', ${owner.id}, 'username', ${owner.username})`,
  },
  join: (q) =>
    q
      .innerJoin(emailLists, eq(emailLists.id, campaigns.emailListId))
      .innerJoin(messages, eq(messages.id, campaigns.messageId))
      .innerJoin(offers, eq(offers.id, campaigns.offerId))
      .innerJoin(smtpRelayGroups, eq(smtpRelayGroups.id, campaigns.smtpRelayGroupId))
      .innerJoin(owner, eq(owner.id, campaigns.userId))
      .leftJoin(offerLinks, eq(offerLinks.id, campaigns.offerLinksId))
      .leftJoin(unsubscribeLinks, eq(unsubscribeLinks.id, campaigns.unsubscribeLinksId))
      .leftJoin(pixelLinks, eq(pixelLinks.id, campaigns.pixelLinksId))
      .leftJoin(
        campaignCounters,
        and(eq(campaignCounters.campaignType, campaigns.type), eq(campaignCounters.campaignId, campaigns.id)),
      ),
  // SMTP campaigns only, and an ordinary user's own.
  scope: (user: AuthUser) => and(eq(campaigns.type, SMTP), ownedBy(campaigns.userId)(user)),
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
  present: ({ total, delivered, bounced, ...r }): SmtpCampaign => ({
    ...r,
    scheduledStart: r.scheduledStart?.toISOString() ?? null,
    scheduledStop: r.scheduledStop?.toISOString() ?? null,
    startDate: r.startDate?.toISOString() ?? null,
    endDate: r.endDate?.toISOString() ?? null,
    completion: completionOf(Number(delivered), Number(bounced), Number(total)),
  }),
});

/** The campaign as `user` may see it; undefined for another user's campaign or a PMTA one. */
export const findSmtpCampaign = (db: Executor, user: AuthUser, id: number) =>
  smtpCampaignsCollection.one(db, user, eq(campaigns.id, id));

export type CampaignValues = Omit<typeof campaigns.$inferInsert, 'id' | 'type' | 'status'>;

export async function insertSmtpCampaign(db: Executor, v: CampaignValues): Promise<number> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...v, type: SMTP, status: CampaignStatus.Inactive })
    .returning({ id: campaigns.id });
  return row!.id;
}

/** Writes a campaign that is still Inactive; false when it was started (or is gone) meanwhile. */
export async function updateInactiveSmtpCampaign(db: Executor, id: number, v: Partial<CampaignValues>) {
  const done = await db
    .update(campaigns)
    .set(v)
    .where(and(eq(campaigns.id, id), eq(campaigns.type, SMTP), eq(campaigns.status, CampaignStatus.Inactive)))
    .returning({ id: campaigns.id });
  return done.length > 0;
}

import { z } from 'zod';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CampaignStatus, LinkType, ROLE_ADMIN } from '@console/shared/enums';
import {
  CampaignMessages as M,
  type SmtpCampaign,
  type SmtpCampaignInput,
  type smtpCampaignUpdateSchema,
} from '@console/shared/campaigns';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { assertReferences, exists, found, ownerFor } from '../../core/access.ts';
import { conflict, invalid } from '../../core/errors.ts';
import {
  emailListUsers,
  emailLists,
  linkGroups,
  mailProviders,
  messages,
  offers,
  smtpRelayGroups,
  users,
} from '../../db/schema.ts';
import { queueSchedules } from '../campaigns/campaigns.jobs.ts';
import {
  findSmtpCampaign,
  insertSmtpCampaign,
  updateInactiveSmtpCampaign,
  type CampaignValues,
} from './smtp-campaigns.repo.ts';

type Ctx = Pick<AppContext, 'db' | 'jobs'>;
type UpdateInput = z.infer<typeof smtpCampaignUpdateSchema>;
type Fields = Omit<UpdateInput, 'relayGroup'> & { relayGroup?: number | null };

/**
 * Whose items a campaign may use: the campaign's OWNER's (own, or assigned for e-mail lists). A campaign
 * owned by an administrator may use any item. When an administrator creates or edits a campaign for an
 * ordinary user, the items must still be that user's: the campaign runs and reports as theirs, and its
 * owner must be able to open everything it refers to.
 */
interface Owner {
  id: number;
  isAdmin: boolean;
}

async function ownerOf(ctx: Ctx, actor: AuthUser, requested: number | null | undefined): Promise<Owner> {
  const id = ownerFor(actor, requested);
  if (id === actor.id) return { id, isAdmin: actor.isAdmin };
  const [row] = await ctx.db.select({ roles: users.roles }).from(users).where(eq(users.id, id));
  if (!row) throw invalid({ user: 'User not found.' });
  return { id, isAdmin: row.roles.includes(ROLE_ADMIN) };
}

const ownedBy = (o: Owner, column: AnyPgColumn): SQL | undefined => (o.isAdmin ? undefined : eq(column, o.id));

/** A link group of the right type: the field's message when missing or foreign, wrongLinkType for another type. */
async function linkGroupProblem(ctx: Ctx, o: Owner, id: number | null | undefined, type: number, missing: string) {
  if (id === null || id === undefined) return false;
  const [row] = await ctx.db
    .select({ type: linkGroups.type })
    .from(linkGroups)
    .where(and(eq(linkGroups.id, id), ownedBy(o, linkGroups.userId)));
  if (!row) return missing;
  return row.type !== type && M.wrongLinkType;
}

/** Every reference exists, is usable by the owner and is not archived: one 422 naming each that is not. */
async function checkReferences(ctx: Ctx, o: Owner, v: Fields) {
  const assigned = sql`exists (select 1 from ${emailListUsers} where ${emailListUsers.emailListId} = ${emailLists.id}
    and ${emailListUsers.userId} = ${o.id})`;
  const list = and(eq(emailLists.id, v.emailList), o.isAdmin ? undefined : or(eq(emailLists.userId, o.id), assigned));
  const known = await ctx.db
    .select({ id: mailProviders.id })
    .from(mailProviders)
    .where(inArray(mailProviders.id, v.mailProviders));
  assertReferences({
    emailList: !(await exists(ctx.db, emailLists, list!)) && M.emailListRequired,
    mailProviders: known.length !== v.mailProviders.length && M.mailProvidersRequired,
    message:
      !(await exists(
        ctx.db,
        messages,
        and(eq(messages.id, v.message), isNull(messages.archive), ownedBy(o, messages.userId))!,
      )) && M.messageRequired,
    offer:
      !(await exists(
        ctx.db,
        offers,
        and(eq(offers.id, v.offer), isNull(offers.archive), ownedBy(o, offers.userId))!,
      )) && M.offerRequired,
    offerLinks: await linkGroupProblem(ctx, o, v.offerLinks, LinkType.Offer, M.offerLinksRequired),
    unsubscribeLinks: await linkGroupProblem(
      ctx,
      o,
      v.unsubscribeLinks,
      LinkType.Unsubscribe,
      M.unsubscribeLinksInvalid,
    ),
    pixelLinks: await linkGroupProblem(ctx, o, v.pixelLinks, LinkType.Pixel, M.pixelLinksInvalid),
    relayGroup:
      v.relayGroup !== undefined &&
      v.relayGroup !== null &&
      !(await exists(
        ctx.db,
        smtpRelayGroups,
        and(eq(smtpRelayGroups.id, v.relayGroup), isNull(smtpRelayGroups.archive), ownedBy(o, smtpRelayGroups.userId))!,
      )) &&
      M.relayGroupRequired,
  });
}

/** The stored form of the fields both create and edit write. */
function columnsOf(v: Fields): Omit<CampaignValues, 'userId'> {
  return {
    name: v.name,
    sender: v.sender,
    emailListId: v.emailList,
    mailProviderIds: v.mailProviders,
    messageId: v.message,
    offerId: v.offer,
    offerLinksId: v.offerLinks,
    unsubscribeLinksId: v.unsubscribeLinks,
    pixelLinksId: v.pixelLinks,
    relayStatus: v.relayStatus,
    scheduledStart: v.scheduledStart,
    scheduledStop: v.scheduledStop,
    ...(v.relayGroup ? { smtpRelayGroupId: v.relayGroup } : {}),
  };
}

export async function getSmtpCampaign(ctx: Ctx, actor: AuthUser, id: number): Promise<SmtpCampaign> {
  return found(await findSmtpCampaign(ctx.db, actor, id));
}

/** A new campaign is Inactive; the web starts it at once unless it has a scheduled start (then a job does). */
export async function createSmtpCampaign(ctx: Ctx, actor: AuthUser, input: SmtpCampaignInput): Promise<SmtpCampaign> {
  const owner = await ownerOf(ctx, actor, input.user);
  await checkReferences(ctx, owner, input);
  const id = await insertSmtpCampaign(ctx.db, { ...columnsOf(input), userId: owner.id });
  await queueSchedules(ctx, id, input);
  return getSmtpCampaign(ctx, actor, id);
}

/** Only an Inactive campaign can be edited (409); the owner stays, a left-out relay group is kept. */
export async function updateSmtpCampaign(
  ctx: Ctx,
  actor: AuthUser,
  id: number,
  input: UpdateInput,
): Promise<SmtpCampaign> {
  const current = await getSmtpCampaign(ctx, actor, id);
  if (current.status !== CampaignStatus.Inactive) throw conflict(M.notInactive);
  const owner = await ownerOf(ctx, actor, current.user.id === actor.id ? null : current.user.id);
  await checkReferences(ctx, owner, input);
  if (!(await updateInactiveSmtpCampaign(ctx.db, id, columnsOf(input)))) throw conflict(M.notInactive);
  await queueSchedules(ctx, id, input, current);
  return getSmtpCampaign(ctx, actor, id);
}

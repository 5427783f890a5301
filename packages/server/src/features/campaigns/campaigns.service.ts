import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CampaignStatus, ROLE_ADMIN } from '@console/shared/enums';
import { CampaignMessages as M, type CampaignInput, type CampaignItem } from '@console/shared/campaigns';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { assertReferences, exists, found, ownerFor } from '../../core/access.ts';
import { conflict, invalid } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
import { emailListUsers, emailLists, mailProviders, messages, offers, users } from '../../db/schema/index.ts';
import { queueSchedules } from './campaigns.jobs.ts';
import {
  insertCampaign,
  updateInactiveCampaign,
  type CampaignKindTables,
  type CampaignValues,
} from './campaigns.repo.ts';

/*
 * The rules both campaign kinds follow (decision 0804): whose items a campaign may use, which references
 * must exist, create Inactive, edit only while Inactive. A kind adds its own columns and checks.
 */

export type Ctx = Pick<AppContext, 'db' | 'jobs'>;

/**
 * Whose items a campaign may use: the campaign's OWNER's (own, or assigned for e-mail lists). A campaign
 * owned by an administrator may use any item. When an administrator creates or edits a campaign for an
 * ordinary user, the items must still be that user's: the campaign runs and reports as theirs, and its
 * owner must be able to open everything it refers to.
 */
export interface Owner {
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

/** The owner's rows of a table (all rows for an administrator's campaign). */
export const usableBy = (o: Owner, column: AnyPgColumn): SQL | undefined => (o.isAdmin ? undefined : eq(column, o.id));

export interface CampaignKind<Item extends CampaignItem, Input extends CampaignInput> extends CampaignKindTables {
  find: (db: Executor, user: AuthUser, id: number) => Promise<Item | undefined>;
  /** The kind's own stored fields. */
  columns: (v: Input) => Partial<CampaignValues>;
  /** The kind's own references: a message per field that is wrong, false for one that is fine. */
  checks?: (ctx: Ctx, o: Owner, v: Input) => Promise<Record<string, string | false>>;
}

/** Every reference exists, is usable by the owner and is not archived: one 422 naming each that is not. */
async function checkReferences<Input extends CampaignInput>(
  ctx: Ctx,
  kind: CampaignKind<CampaignItem, Input>,
  o: Owner,
  v: Input,
) {
  const assigned = sql`exists (select 1 from ${emailListUsers} where ${emailListUsers.emailListId} = ${emailLists.id}
    and ${emailListUsers.userId} = ${o.id})`;
  const list = and(eq(emailLists.id, v.emailList), o.isAdmin ? undefined : or(eq(emailLists.userId, o.id), assigned));
  const known = await ctx.db
    .select({ id: mailProviders.id })
    .from(mailProviders)
    .where(inArray(mailProviders.id, v.mailProviders));
  const groups = kind.relayGroups;
  const usable = async (table: typeof messages | typeof offers | typeof groups, id: number) =>
    exists(ctx.db, table, and(eq(table.id, id), isNull(table.archive), usableBy(o, table.userId))!);
  assertReferences({
    emailList: !(await exists(ctx.db, emailLists, list!)) && M.emailListRequired,
    mailProviders: known.length !== v.mailProviders.length && M.mailProvidersRequired,
    message: !(await usable(messages, v.message)) && M.messageRequired,
    offer: !(await usable(offers, v.offer)) && M.offerRequired,
    ...(await kind.checks?.(ctx, o, v)),
    relayGroup:
      v.relayGroup !== undefined &&
      v.relayGroup !== null &&
      !(await usable(groups, v.relayGroup)) &&
      M.relayGroupRequired,
  });
}

/** The stored form of the fields both create and edit write. */
function columnsOf<Input extends CampaignInput>(kind: CampaignKind<CampaignItem, Input>, v: Input) {
  return {
    name: v.name,
    sender: v.sender,
    emailListId: v.emailList,
    mailProviderIds: v.mailProviders,
    messageId: v.message,
    offerId: v.offer,
    relayStatus: v.relayStatus,
    ...(v.warmupOverflow ? { warmupOverflow: v.warmupOverflow } : {}),
    scheduledStart: v.scheduledStart,
    scheduledStop: v.scheduledStop,
    ...kind.columns(v),
    ...(v.relayGroup ? { [kind.relayGroupKey]: v.relayGroup } : {}),
  };
}

/** get, create and update of one kind. */
export function campaignService<Item extends CampaignItem, Input extends CampaignInput>(
  kind: CampaignKind<Item, Input>,
) {
  const get = async (ctx: Pick<Ctx, 'db'>, actor: AuthUser, id: number): Promise<Item> =>
    found(await kind.find(ctx.db, actor, id));

  return {
    get,

    /** A new campaign is Inactive; the web starts it at once unless it has a scheduled start (then a job does). */
    async create(ctx: Ctx, actor: AuthUser, input: Input & { user?: number | null }): Promise<Item> {
      const owner = await ownerOf(ctx, actor, input.user);
      await checkReferences(ctx, kind, owner, input);
      const id = await insertCampaign(ctx.db, kind.type, { ...columnsOf(kind, input), userId: owner.id });
      await queueSchedules(ctx, id, input);
      return get(ctx, actor, id);
    },

    /** Only an Inactive campaign can be edited (409); the owner stays, a left-out relay group is kept. */
    async update(ctx: Ctx, actor: AuthUser, id: number, input: Input): Promise<Item> {
      const current = await get(ctx, actor, id);
      if (current.status !== CampaignStatus.Inactive) throw conflict(M.notInactive);
      const owner = await ownerOf(ctx, actor, current.user.id === actor.id ? null : current.user.id);
      await checkReferences(ctx, kind, owner, input);
      if (!(await updateInactiveCampaign(ctx.db, kind.type, id, columnsOf(kind, input)))) throw conflict(M.notInactive);
      await queueSchedules(ctx, id, input, current);
      return get(ctx, actor, id);
    },
  };
}

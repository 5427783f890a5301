import { and, eq, isNull, sql } from 'drizzle-orm';
import { OfferMessages, encodeOfferUrl, type Offer, type OfferInput } from '@console/shared/offers';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { assertOwner } from '../../core/scope.ts';
import { conflict, invalid } from '../../core/errors.ts';
import { categories, offers, users } from '../../db/schema.ts';
import { findOffer, present } from './offers.repo.ts';
import { OFFER_HEALTH_CHECK } from './offers.jobs.ts';

type Ctx = Pick<AppContext, 'db' | 'jobs'>;

/** Administrators choose the owner; anyone else always owns what they write. */
const ownerOf = (actor: AuthUser, requested: number) => (actor.isAdmin ? requested : actor.id);

/** Referenced rows must exist: one 422 naming every missing one. */
async function assertReferences(ctx: Ctx, categoryId: number, userId: number) {
  const [cat] = await ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  const errors: Record<string, string> = {};
  if (!cat) errors.category = OfferMessages.categoryNotFound;
  if (!user) errors.user = OfferMessages.userNotFound;
  if (Object.keys(errors).length) throw invalid(errors);
}

/** The stored form: links URI-encoded once (see encodeOfferUrl), blanks as null. */
function columnsOf(input: OfferInput, userId: number) {
  return {
    categoryId: input.category,
    name: input.name,
    url: encodeOfferUrl(input.url),
    plug: input.plug ? encodeOfferUrl(input.plug) : null,
    callback: input.callback ? encodeOfferUrl(input.callback) : null,
    userId,
  };
}

/** Queues the health check; if queueing fails the 30-minute sweep checks the offer anyway. */
async function queueCheck(ctx: Ctx, offerId: number) {
  await ctx.jobs.send(OFFER_HEALTH_CHECK, { offerId }).catch(() => undefined);
}

async function loadOwned(ctx: Ctx, actor: AuthUser, id: number) {
  return assertOwner(await findOffer(ctx.db, id), actor);
}

export async function getOffer(ctx: Ctx, actor: AuthUser, id: number): Promise<Offer> {
  return present(await loadOwned(ctx, actor, id));
}

export async function createOffer(ctx: Ctx, actor: AuthUser, input: OfferInput): Promise<Offer> {
  const values = columnsOf(input, ownerOf(actor, input.user));
  await assertReferences(ctx, values.categoryId, values.userId);
  const [row] = await ctx.db.insert(offers).values(values).returning({ id: offers.id });
  await queueCheck(ctx, row!.id);
  return getOffer(ctx, actor, row!.id);
}

/**
 * Archived offers are read-only (409). A changed url or plug clears the old health result (checked_at
 * null = not checked yet) and queues a new check.
 */
export async function updateOffer(ctx: Ctx, actor: AuthUser, id: number, input: OfferInput): Promise<Offer> {
  const current = await loadOwned(ctx, actor, id);
  if (current.archive) throw conflict(OfferMessages.readOnly);
  const values = columnsOf(input, ownerOf(actor, input.user));
  await assertReferences(ctx, values.categoryId, values.userId);
  const linksChanged = values.url !== current.url || values.plug !== current.plug;
  const done = await ctx.db
    .update(offers)
    .set({ ...values, ...(linksChanged ? { clean: null, checkedAt: null } : {}) })
    .where(and(eq(offers.id, id), isNull(offers.archive)))
    .returning({ id: offers.id });
  if (!done.length) throw conflict(OfferMessages.readOnly); // archived meanwhile
  if (linksChanged) await queueCheck(ctx, id);
  return getOffer(ctx, actor, id);
}

export async function archiveOffer(ctx: Ctx, actor: AuthUser, id: number): Promise<Offer> {
  const current = await loadOwned(ctx, actor, id);
  if (current.archive) throw conflict(OfferMessages.alreadyArchived);
  const done = await ctx.db
    .update(offers)
    .set({ archive: sql`now()` })
    .where(and(eq(offers.id, id), isNull(offers.archive)))
    .returning({ id: offers.id });
  if (!done.length) throw conflict(OfferMessages.alreadyArchived);
  return getOffer(ctx, actor, id);
}

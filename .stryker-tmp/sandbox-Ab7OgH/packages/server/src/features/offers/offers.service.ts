// @ts-nocheck
import { eq, sql } from 'drizzle-orm';
import { OfferMessages, encodeOfferUrl, type Offer, type OfferInput } from '@console/shared/offers';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { assertReferences, exists, found, ownerFor } from '../../core/access.ts';
import { conflict } from '../../core/errors.ts';
import { categories, users } from '../../db/schema/index.ts';
import { findOffer, insertOffer, updateActiveOffer } from './offers.repo.ts';
import { OFFER_HEALTH_CHECK } from './offers.jobs.ts';

type Ctx = Pick<AppContext, 'db' | 'jobs'>;

/** Referenced rows must exist: one 422 naming every missing one. */
async function checkReferences(ctx: Ctx, categoryId: number, userId: number) {
  assertReferences({
    category: !(await exists(ctx.db, categories, eq(categories.id, categoryId))) && OfferMessages.categoryNotFound,
    user: !(await exists(ctx.db, users, eq(users.id, userId))) && OfferMessages.userNotFound,
  });
}

/** The stored form: links URI-encoded once (see encodeOfferUrl), blanks as null. */
function columnsOf(input: OfferInput, userId: number) {
  return {
    categoryId: input.category,
    name: input.name,
    url: encodeOfferUrl(input.url),
    plug: input.plug ? encodeOfferUrl(input.plug) : null,
    callback: input.callback ? encodeOfferUrl(input.callback) : null,
    postbackRequiresClick: input.postbackRequiresClick,
    postbackMaxAmount: input.postbackMaxAmount ?? null,
    userId,
  };
}

/** Queues the health check; if queueing fails the 30-minute sweep checks the offer anyway. */
async function queueCheck(ctx: Ctx, offerId: number) {
  await ctx.jobs.send(OFFER_HEALTH_CHECK, { offerId }).catch(() => undefined);
}

export async function getOffer(ctx: Ctx, actor: AuthUser, id: number): Promise<Offer> {
  return found(await findOffer(ctx.db, actor, id));
}

export async function createOffer(ctx: Ctx, actor: AuthUser, input: OfferInput): Promise<Offer> {
  const values = columnsOf(input, ownerFor(actor, input.user));
  await checkReferences(ctx, values.categoryId, values.userId);
  const id = await insertOffer(ctx.db, values);
  await queueCheck(ctx, id);
  return getOffer(ctx, actor, id);
}

/**
 * Archived offers are read-only (409). A changed url or plug clears the old health result (checked_at
 * null = not checked yet) and queues a new check.
 */
export async function updateOffer(ctx: Ctx, actor: AuthUser, id: number, input: OfferInput): Promise<Offer> {
  const current = await getOffer(ctx, actor, id);
  if (current.archive) throw conflict(OfferMessages.readOnly);
  const values = columnsOf(input, ownerFor(actor, input.user));
  await checkReferences(ctx, values.categoryId, values.userId);
  const linksChanged = values.url !== current.url || values.plug !== current.plug;
  const done = await updateActiveOffer(ctx.db, id, {
    ...values,
    ...(linksChanged ? { clean: null, checkedAt: null } : {}),
  });
  if (!done) throw conflict(OfferMessages.readOnly); // archived meanwhile
  if (linksChanged) await queueCheck(ctx, id);
  return getOffer(ctx, actor, id);
}

export async function archiveOffer(ctx: Ctx, actor: AuthUser, id: number): Promise<Offer> {
  const current = await getOffer(ctx, actor, id);
  if (current.archive) throw conflict(OfferMessages.alreadyArchived);
  if (!(await updateActiveOffer(ctx.db, id, { archive: sql`now()` }))) throw conflict(OfferMessages.alreadyArchived);
  return getOffer(ctx, actor, id);
}

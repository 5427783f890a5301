// @ts-nocheck
import { eq } from 'drizzle-orm';
import { UnsubscriberMessages as M, type Unsubscriber } from '@console/shared/unsubscribers';
import type { AppContext } from '../../core/context.ts';
import { assertReferences, exists, found } from '../../core/access.ts';
import { conflict } from '../../core/errors.ts';
import { categories } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { normalizeEmail } from '../../suppression/email-syntax.ts';
import { revalidate } from '../../suppression/validity.ts';
import { findUnsubscriber } from './unsubscribers.repo.ts';

type Ctx = Pick<AppContext, 'db'>;

export async function getUnsubscriber(ctx: Ctx, id: number): Promise<Unsubscriber> {
  return found(await findUnsubscriber(ctx.db, id));
}

export async function assertCategory(ctx: Ctx, categoryId: number) {
  assertReferences({
    category: !(await exists(ctx.db, categories, eq(categories.id, categoryId))) && M.categoryRequired,
  });
}

/**
 * One address of a category: from now on every list of that category counts it invalid, in the same
 * transaction.
 */
export async function addUnsubscriber(ctx: Ctx, categoryId: number, rawEmail: string) {
  await assertCategory(ctx, categoryId);
  const email = normalizeEmail(rawEmail);
  const id = await inTransaction(ctx.db, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `insert into unsubscribers (email, category_id) values ($1, $2) on conflict do nothing returning id`,
      [email, categoryId],
    );
    if (!rows[0]) throw conflict({ email: M.duplicate });
    await revalidate(client, { emails: [email], category: categoryId });
    return rows[0].id;
  });
  return getUnsubscriber(ctx, id);
}

/** The address is valid again in the category's lists, unless another rule still holds. */
export async function deleteUnsubscriber(ctx: Ctx, id: number) {
  await getUnsubscriber(ctx, id);
  await inTransaction(ctx.db, async (client) => {
    const { rows } = await client.query<{ email: string; categoryId: number }>(
      `delete from unsubscribers where id = $1 returning email, category_id as "categoryId"`,
      [id],
    );
    if (rows[0]) await revalidate(client, { emails: [rows[0].email], category: rows[0].categoryId });
  });
}

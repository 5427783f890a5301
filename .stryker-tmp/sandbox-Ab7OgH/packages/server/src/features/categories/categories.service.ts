// @ts-nocheck
import {
  CategoryMessages,
  categoryInUseMessage,
  type CategoryCreate,
  type CategoryUpdate,
} from '@console/shared/categories';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../core/errors.ts';
import { isForeignKeyViolation } from '../../core/db-errors.ts';
import {
  categoryExists,
  categoryUsage,
  deleteCategoryRow,
  findCategory,
  insertCategory,
  isSelfOrAncestor,
  lockCategories,
  parentOf,
  siblingNameTaken,
  updateCategoryRow,
} from './categories.repo.ts';

/**
 * Category writes are rare (administrators only) and their rules read the tree (sibling names, cycles,
 * usage), so they run one at a time: a transaction-scoped advisory lock makes check-then-write safe.
 */
async function serialized<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockCategories(tx);
    return work(tx);
  });
}

async function assertParent(tx: Executor, parentId: number | null) {
  if (parentId !== null && !(await categoryExists(tx, parentId)))
    throw invalid({ parent: CategoryMessages.parentNotFound });
}

async function assertNameFree(tx: Executor, name: string, parentId: number | null, exceptId?: number) {
  if (await siblingNameTaken(tx, name, parentId, exceptId)) throw conflict({ name: CategoryMessages.nameTaken });
}

export function createCategory(db: Db, input: CategoryCreate) {
  const parentId = input.parent ?? null;
  return serialized(db, async (tx) => {
    await assertParent(tx, parentId);
    await assertNameFree(tx, input.name, parentId);
    const id = await insertCategory(tx, { name: input.name, parentId });
    return (await findCategory(tx, id))!;
  });
}

/** Renames; a `parent` key (null for the root) also moves the category, never under itself. */
export function updateCategory(db: Db, id: number, input: CategoryUpdate) {
  return serialized(db, async (tx) => {
    const current = await parentOf(tx, id);
    if (!current) throw notFound();
    const parentId = input.parent === undefined ? current.parentId : input.parent;
    if (parentId !== current.parentId) {
      await assertParent(tx, parentId);
      if (parentId !== null && (await isSelfOrAncestor(tx, id, parentId)))
        throw invalid({ parent: CategoryMessages.ownAncestor });
    }
    await assertNameFree(tx, input.name, parentId, id);
    await updateCategoryRow(tx, id, { name: input.name, parentId });
    return (await findCategory(tx, id))!;
  });
}

/**
 * Refuses (409) while subcategories or email lists, offers or unsubscribers hold the category, naming
 * them. Tables added later that reference categories are still protected by their foreign keys.
 */
export function deleteCategory(db: Db, id: number) {
  return serialized(db, async (tx) => {
    if (!(await categoryExists(tx, id))) throw notFound();
    const why = categoryInUseMessage(await categoryUsage(tx, id));
    if (why) throw conflict(why);
    try {
      await deleteCategoryRow(tx, id);
    } catch (e) {
      if (isForeignKeyViolation(e)) throw conflict(CategoryMessages.inUseFallback);
      throw e;
    }
  });
}

import fs from 'node:fs';
import {
  EmailListMessages as M,
  type CloneEmailList,
  type EmailList,
  type EmailListInput,
  SmartListColor,
  type SmartEmailList,
} from '@console/shared/email-lists';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { assertReferences, exists, found } from '../../core/access.ts';
import { isForeignKeyViolation } from '../../core/db-errors.ts';
import { conflict, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import {
  countUsers,
  deleteListRow,
  findList,
  findListAccess,
  findSmartLists,
  copyList,
  insertList,
  listFiles,
  setListUsers,
  updateListRow,
  type ListAccess,
  type SmartRow,
} from './email-lists.repo.ts';

/** The list as the user may see it, or 404 (another user's list does not exist for them). */
export async function visibleList(db: Db, user: AuthUser, id: number): Promise<ListAccess> {
  return found(await findListAccess(db, user, id), M.listNotFound);
}

async function checkReferences(db: Db, input: EmailListInput) {
  const wanted = [...new Set([...(input.users ?? []), ...(input.user ? [input.user] : [])])];
  assertReferences({
    category: !(await exists(db, categories, eq(categories.id, input.category))) && M.categoryNotFound,
  });
  if (wanted.length && (await countUsers(db, wanted)) !== wanted.length) {
    assertReferences({ [input.user && !input.users?.length ? 'user' : 'users']: M.userNotFound });
  }
}

export async function createList(ctx: AppContext, admin: AuthUser, input: EmailListInput): Promise<EmailList> {
  await checkReferences(ctx.db, input);
  const id = await ctx.db.transaction(async (tx) => {
    const listId = await insertList(tx, {
      name: input.name,
      categoryId: input.category,
      userId: input.user ?? admin.id,
    });
    await setListUsers(tx, listId, input.users ?? []);
    return listId;
  });
  return (await findList(ctx.db, admin, id))!;
}

export async function updateList(
  ctx: AppContext,
  admin: AuthUser,
  id: number,
  input: EmailListInput,
): Promise<EmailList> {
  await visibleList(ctx.db, admin, id);
  await checkReferences(ctx.db, input);
  await ctx.db.transaction(async (tx) => {
    await updateListRow(tx, id, {
      name: input.name,
      categoryId: input.category,
      ...(input.user ? { userId: input.user } : {}),
    });
    // users left out of the body means "unchanged"; [] means "nobody".
    if (input.users) await setListUsers(tx, id, input.users);
  });
  return (await findList(ctx.db, admin, id))!;
}

/** Deletes the list; the e-mails go with it (trigger, migration 0003), its files afterwards. */
export async function deleteList(ctx: AppContext, admin: AuthUser, id: number) {
  await visibleList(ctx.db, admin, id);
  const files = await listFiles(ctx.db, id);
  try {
    await deleteListRow(ctx.db, id);
  } catch (e) {
    // Another feature's row (a campaign, a report) still points at the list.
    if (isForeignKeyViolation(e)) throw conflict(M.inUse);
    throw e;
  }
  for (const f of files) fs.rmSync(f, { force: true });
}

/** Copies a list with its e-mails, counters, owner and assigned users (email-lists.repo.ts, copyList). */
export async function cloneList(ctx: AppContext, admin: AuthUser, input: CloneEmailList): Promise<EmailList> {
  const newId = found(await copyList(ctx.db, input.emailListId, input.name), M.listNotFound);
  return (await findList(ctx.db, admin, newId))!;
}

/** The failures file of the list's latest upload (CSV `row,email,reason`), or 404 when it had none. */
export async function failuresFile(db: Db, user: AuthUser, id: number) {
  const list = await visibleList(db, user, id);
  if (!list.failedFile || !fs.existsSync(list.failedFile)) throw notFound('This email list has no upload failures.');
  return { list, file: fs.createReadStream(list.failedFile) };
}

/** docs/decisions/0205-smart-email-lists.md */
function colorOf(r: SmartRow): SmartEmailList['color'] {
  if (r.job !== null) return SmartListColor.uploading;
  if (r.totalCounter === 0) return SmartListColor.empty;
  if (r.validCounter === 0) return SmartListColor.noValid;
  return SmartListColor.ready;
}

/** The lists for selectors (campaign forms): `label` 'name (valid/total)', `color` the list's state. */
export async function smartLists(db: Db, user: AuthUser): Promise<SmartEmailList[]> {
  const rows = await findSmartLists(db, user);
  return rows.map((r) => ({ id: r.id, label: `${r.name} (${r.validCounter}/${r.totalCounter})`, color: colorOf(r) }));
}

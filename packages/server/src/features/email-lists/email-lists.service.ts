import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import {
  EmailListMessages as M,
  type CloneEmailList,
  type EmailList,
  type EmailListInput,
  SmartListColor,
  type SmartEmailList,
} from '@console/shared/email-lists';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { assertReferences, found } from '../../core/access.ts';
import { isForeignKeyViolation } from '../../core/db-errors.ts';
import { conflict, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { categoryExists } from '../categories/categories.repo.ts';
import {
  countUsers,
  deleteListRow,
  findList,
  findListAccess,
  findSmartLists,
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
  assertReferences({ category: !(await categoryExists(db, input.category)) && M.categoryNotFound });
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

/**
 * Copies a list: same category, owner and assigned users, all its e-mails and counters, in one
 * transaction. The source row is locked FOR SHARE, so an upload cannot commit into it half-way through the
 * copy; the clone's counters are computed from the rows actually inserted (`insert ... returning`).
 * Set-based SQL: a list may hold millions of e-mails.
 */
export async function cloneList(ctx: AppContext, admin: AuthUser, input: CloneEmailList): Promise<EmailList> {
  const newId = await ctx.db.transaction(async (tx) => {
    const { rows: src } = await tx.execute<{ name: string }>(
      sql`select name from email_lists where id = ${input.emailListId} for share`,
    );
    if (!src[0]) throw notFound(M.listNotFound);
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into email_lists (name, category_id, user_id)
      select ${input.name ?? `${src[0].name} (copy)`}, category_id, user_id from email_lists where id = ${input.emailListId}
      returning id`);
    const id = rows[0]!.id;
    await tx.execute(sql`insert into email_list_users (email_list_id, user_id)
      select ${id}, user_id from email_list_users where email_list_id = ${input.emailListId}`);
    await tx.execute(sql`
      with ins as (
        insert into emails (email_list_id, email, name, surname, birth_year, city, geo, mail_provider_id, valid)
        select ${id}, email, name, surname, birth_year, city, geo, mail_provider_id, valid
        from emails where email_list_id = ${input.emailListId}
        order by email
        returning mail_provider_id, valid
      ), agg as (
        select mail_provider_id, count(*)::int as n, (count(*) filter (where valid))::int as v from ins group by 1
      ), pc as (
        insert into email_list_provider_counters (email_list_id, mail_provider_id, counter)
        select ${id}, mail_provider_id, n from agg
      )
      update email_lists set
        total_counter = coalesce((select sum(n) from agg), 0),
        valid_counter = coalesce((select sum(v) from agg), 0)
      where id = ${id}`);
    return id;
  });
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

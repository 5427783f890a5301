// @ts-nocheck
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { emailListItem, failedEmailsPath, type EmailList } from '@console/shared/email-lists';
import type { AuthUser } from '../../core/context.ts';
import type { Db, Executor } from '../../db/client.ts';
import { categories, emailListUsers, emailLists, uploads, users } from '../../db/schema/index.ts';
import { UploadKinds } from '@console/shared/uploads';
import { defineCollection, filters } from '../../core/collection.ts';

const owner = alias(users, 'owner');

/** Administrators see every list; a user sees the lists they own and the ones assigned to them. */
export function visibleTo(user: AuthUser): SQL | undefined {
  if (user.isAdmin) return undefined;
  const assigned = sql`select 1 from ${emailListUsers}
    where ${emailListUsers.emailListId} = ${emailLists.id} and ${emailListUsers.userId} = ${user.id}`;
  return sql`(${emailLists.userId} = ${user.id} or exists (${assigned}))`;
}

// Subqueries name the outer row explicitly ("email_lists"."id"): a bare column could bind inside them.
const assignedUsers = sql<EmailList['users']>`coalesce((
  select json_agg(json_build_object('id', u.id, 'username', u.username) order by u.id)
  from email_list_users a join users u on u.id = a.user_id
  where a.email_list_id = "email_lists"."id"), '[]'::json)`;

// Every provider appears (0 when the list has none), ordered by name, so the provider columns line up.
const providerCounters = sql<EmailList['providersCounters']>`coalesce((
  select json_agg(json_build_object('mailProviderId', p.id, 'mailProviderName', p.name,
                                    'counter', coalesce(pc.counter, 0)) order by p.name, p.id)
  from mail_providers p
  left join email_list_provider_counters pc on pc.mail_provider_id = p.id and pc.email_list_id = "email_lists"."id"
), '[]'::json)`;

/**
 * GET /api/email_lists: `{items, totalItems}`, newest first, 100 a page. Filters: name (contains),
 * category (id or IRI). Every list the user may see (owned or assigned; administrators all).
 */
export const emailListsCollection = defineCollection({
  table: emailLists,
  item: emailListItem,
  fields: {
    id: emailLists.id,
    name: emailLists.name,
    category: sql<EmailList['category']>`json_build_object('id', ${categories.id}, 'name', ${categories.name})`,
    users: assignedUsers,
    totalCounter: emailLists.totalCounter,
    validCounter: emailLists.validCounter,
    providersCounters: providerCounters,
    createdAt: emailLists.createdAt,
    job: emailLists.job,
    completion: emailLists.completion,
    hasFailed: sql<boolean>`${emailLists.failedFile} is not null`,
    user: sql<EmailList['user']>`json_build_object('id', ${owner.id}, 'username', ${owner.username})`,
  },
  join: (q) =>
    q.innerJoin(categories, eq(categories.id, emailLists.categoryId)).innerJoin(owner, eq(owner.id, emailLists.userId)),
  scope: visibleTo,
  filters: {
    name: filters.contains(emailLists.name),
    category: filters.id(emailLists.categoryId),
    'user.id': filters.owner(emailLists.userId),
  },
  sortable: {
    id: emailLists.id,
    name: emailLists.name,
    totalCounter: emailLists.totalCounter,
    validCounter: emailLists.validCounter,
    created_at: emailLists.createdAt,
  },
  order: [sql`${emailLists.id} desc`],
  select: { fields: { id: emailLists.id, name: emailLists.name }, order: [sql`${emailLists.name}`] },
  envelope: 'items',
  present: ({ createdAt, hasFailed, ...r }): EmailList => ({
    ...r,
    usersCount: r.users.length,
    created_at: { date: createdAt.toISOString() },
    failedEmailsUrl: hasFailed ? failedEmailsPath(r.id) : null,
  }),
});

export const findList = (db: Executor, user: AuthUser, id: number): Promise<EmailList | undefined> =>
  emailListsCollection.one(db, user, eq(emailLists.id, id));

/** The light row access checks need: owner, category, name. Undefined when the user may not see it. */
export async function findListAccess(db: Executor, user: AuthUser, id: number) {
  const [row] = await db
    .select({
      id: emailLists.id,
      name: emailLists.name,
      userId: emailLists.userId,
      ownerUsername: owner.username,
      categoryId: emailLists.categoryId,
      totalCounter: emailLists.totalCounter,
      job: emailLists.job,
      failedFile: emailLists.failedFile,
    })
    .from(emailLists)
    .innerJoin(owner, eq(owner.id, emailLists.userId))
    .where(and(eq(emailLists.id, id), visibleTo(user)));
  return row;
}
export type ListAccess = NonNullable<Awaited<ReturnType<typeof findListAccess>>>;

/** The lists for selectors, by name. */
export function findSmartLists(db: Executor, user: AuthUser) {
  return db
    .select({
      id: emailLists.id,
      name: emailLists.name,
      totalCounter: emailLists.totalCounter,
      validCounter: emailLists.validCounter,
      job: emailLists.job,
    })
    .from(emailLists)
    .where(visibleTo(user))
    .orderBy(emailLists.name, emailLists.id);
}
export type SmartRow = Awaited<ReturnType<typeof findSmartLists>>[number];

export async function insertList(db: Executor, v: { name: string; categoryId: number; userId: number }) {
  const [row] = await db.insert(emailLists).values(v).returning({ id: emailLists.id });
  return row!.id;
}

/** Renames, recategorizes and (when `userId` is given) changes the owner. */
export async function updateListRow(
  db: Executor,
  id: number,
  v: { name: string; categoryId: number; userId?: number },
) {
  await db.update(emailLists).set(v).where(eq(emailLists.id, id));
}

/** The users a list is assigned to, replaced as a whole. */
export async function setListUsers(db: Executor, listId: number, userIds: number[]) {
  await db.delete(emailListUsers).where(eq(emailListUsers.emailListId, listId));
  const unique = [...new Set(userIds)];
  if (unique.length) await db.insert(emailListUsers).values(unique.map((userId) => ({ emailListId: listId, userId })));
}

export async function countUsers(db: Executor, ids: number[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(inArray(users.id, ids));
  return row!.n;
}

export async function deleteListRow(db: Executor, id: number) {
  await db.delete(emailLists).where(eq(emailLists.id, id));
}

/** The files a list owns on disk: its failures file and its uploads' files (removed with the list). */
export async function listFiles(db: Executor, id: number): Promise<string[]> {
  const [list] = await db.select({ failedFile: emailLists.failedFile }).from(emailLists).where(eq(emailLists.id, id));
  const files = await db
    .select({ path: uploads.filePath })
    .from(uploads)
    .where(and(eq(uploads.kind, UploadKinds.emails), eq(uploads.targetId, id)));
  return [...(list?.failedFile ? [list.failedFile] : []), ...files.map((f) => f.path)];
}

/**
 * Copies a list: same category, owner and assigned users, all its e-mails and counters, in one
 * transaction; undefined when the source does not exist. The source row is locked FOR SHARE, so an upload
 * cannot commit into it half-way through the copy; the clone's counters are computed from the rows
 * actually inserted (`insert ... returning`). Set-based SQL: a list may hold millions of e-mails.
 */
export function copyList(db: Db, sourceId: number, name?: string): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const { rows: src } = await tx.execute<{ name: string }>(
      sql`select name from email_lists where id = ${sourceId} for share`,
    );
    if (!src[0]) return undefined;
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into email_lists (name, category_id, user_id)
      select ${name ?? `${src[0].name} (copy)`}, category_id, user_id from email_lists where id = ${sourceId}
      returning id`);
    const id = rows[0]!.id;
    await tx.execute(sql`insert into email_list_users (email_list_id, user_id)
      select ${id}, user_id from email_list_users where email_list_id = ${sourceId}`);
    await tx.execute(sql`
      with ins as (
        insert into emails (email_list_id, email, name, surname, birth_year, city, geo, mail_provider_id, valid)
        select ${id}, email, name, surname, birth_year, city, geo, mail_provider_id, valid
        from emails where email_list_id = ${sourceId}
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
}

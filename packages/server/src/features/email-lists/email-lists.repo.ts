import { sql, type SQL } from 'drizzle-orm';
import { failedEmailsPath, type EmailList } from '@console/shared/email-lists';
import type { AuthUser } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../core/hydra.ts';

/** Raw row of LIST_SELECT; `toEmailList` shapes it for the API. */
interface ListRow extends Record<string, unknown> {
  id: number;
  name: string;
  category: EmailList['category'];
  users: EmailList['users'];
  total_counter: number;
  valid_counter: number;
  providers: EmailList['providersCounters'];
  created_at: Date | string;
  job: number | null;
  completion: number;
  has_failed: boolean;
  owner: EmailList['user'];
}

// Every provider appears in providersCounters (0 when the list has none), ordered by name, so the table's
// provider columns line up from row to row.
const LIST_SELECT = sql`
  select l.id, l.name,
    json_build_object('id', c.id, 'name', c.name) as category,
    coalesce((select json_agg(json_build_object('id', u.id, 'username', u.username) order by u.id)
              from email_list_users a join users u on u.id = a.user_id
              where a.email_list_id = l.id), '[]'::json) as users,
    l.total_counter, l.valid_counter,
    coalesce((select json_agg(json_build_object('mailProviderId', p.id, 'mailProviderName', p.name,
                                                'counter', coalesce(pc.counter, 0)) order by p.name, p.id)
              from mail_providers p
              left join email_list_provider_counters pc on pc.mail_provider_id = p.id and pc.email_list_id = l.id),
             '[]'::json) as providers,
    l.created_at, l.job, l.completion, l.failed_file is not null as has_failed,
    json_build_object('id', o.id, 'username', o.username) as owner
  from email_lists l
  join categories c on c.id = l.category_id
  join users o on o.id = l.user_id`;

export function toEmailList(r: ListRow): EmailList {
  return {
    id: r.id,
    name: r.name,
    category: r.category,
    users: r.users,
    usersCount: r.users.length,
    totalCounter: r.total_counter,
    validCounter: r.valid_counter,
    providersCounters: r.providers,
    created_at: { date: new Date(r.created_at).toISOString() },
    job: r.job,
    completion: r.completion,
    failedEmailsUrl: r.has_failed ? failedEmailsPath(r.id) : null,
    user: r.owner,
  };
}

/** Administrators see every list; a user sees the lists they own and the ones assigned to them. */
export function visibleTo(user: AuthUser): SQL {
  if (user.isAdmin) return sql`true`;
  return sql`(l.user_id = ${user.id}
    or exists (select 1 from email_list_users a where a.email_list_id = l.id and a.user_id = ${user.id}))`;
}

export interface ListFilters {
  name?: string;
  category?: number;
}

function filtersOf(user: AuthUser, f: ListFilters): SQL {
  const parts = [visibleTo(user)];
  if (f.name) parts.push(sql`l.name ilike ${containsPattern(f.name)}`);
  if (f.category) parts.push(sql`l.category_id = ${f.category}`);
  return sql.join(parts, sql` and `);
}

export async function findLists(db: Db, user: AuthUser, f: ListFilters, page: { limit: number; offset: number }) {
  const where = filtersOf(user, f);
  const [rows, total] = await Promise.all([
    db.execute<ListRow>(
      sql`${LIST_SELECT} where ${where} order by l.id desc limit ${page.limit} offset ${page.offset}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n from email_lists l where ${where}`),
  ]);
  return { items: rows.rows.map(toEmailList), totalItems: total.rows[0]!.n };
}

export async function findList(db: Db, user: AuthUser, id: number): Promise<EmailList | undefined> {
  const { rows } = await db.execute<ListRow>(sql`${LIST_SELECT} where l.id = ${id} and ${visibleTo(user)}`);
  return rows[0] && toEmailList(rows[0]);
}

/** The light row access checks need: owner, category, name. Undefined when the user may not see it. */
export interface ListAccess extends Record<string, unknown> {
  id: number;
  name: string;
  userId: number;
  ownerUsername: string;
  categoryId: number;
  job: number | null;
  failedFile: string | null;
}

export async function findListAccess(db: Db, user: AuthUser, id: number): Promise<ListAccess | undefined> {
  const { rows } = await db.execute<ListAccess>(sql`
    select l.id, l.name, l.user_id as "userId", o.username as "ownerUsername", l.category_id as "categoryId",
      l.job, l.failed_file as "failedFile"
    from email_lists l join users o on o.id = l.user_id
    where l.id = ${id} and ${visibleTo(user)}`);
  return rows[0];
}

export interface SmartRow extends Record<string, unknown> {
  id: number;
  name: string;
  total_counter: number;
  valid_counter: number;
  job: number | null;
}

export async function findSmartLists(db: Db, user: AuthUser) {
  const { rows } = await db.execute<SmartRow>(sql`
    select l.id, l.name, l.total_counter, l.valid_counter, l.job
    from email_lists l where ${visibleTo(user)} order by l.name, l.id`);
  return rows;
}

import type pg from 'pg';

/*
 * Whether an e-mail of a list is valid: not suppressed by any rule (issue 9; the import applies the same
 * rules as it stores rows, features/email-lists/import/merge.ts). The rules:
 *   - its address is unsubscribed from the list's category,
 *   - its address is a spam-trap e-mail,
 *   - its address hard-bounced (bounced_emails: suppression/bounced.ts),
 *   - its domain is a blacklisted (spam-trap) domain,
 *   - its domain's MX host (from DNS, domain_mx) is a spam-trap MX,
 *   - its address complained about mail of the list's owner (complaint_emails: decision 1390).
 * When a rule's data changes, `revalidate` recomputes `valid` for the e-mails the change can affect and
 * moves the lists' valid counters by exactly what changed, set-based, in the caller's transaction. The
 * per-provider counters count every e-mail, valid or not (decision 0204), so they do not move.
 */

/** `c` has the e-mail's `email`, its list's `category_id` and its list's owner as `list_user_id`. */
export const suppressed = (c: string) => `(
     exists (select 1 from unsubscribers u where u.email = ${c}.email and u.category_id = ${c}.category_id)
  or exists (select 1 from complaint_emails ce where ce.email = ${c}.email and ce.user_id = ${c}.list_user_id)
  or exists (select 1 from spam_emails sp where sp.email = ${c}.email)
  or exists (select 1 from bounced_emails b where b.email = ${c}.email)
  or exists (select 1 from mail_provider_domains d
             where d.is_blacklisted and d.domain = split_part(${c}.email, '@', 2))
  or exists (select 1 from domain_mx m join dns_records r on r.type = 'MX' and r.is_blacklisted and r.value = any(m.mx)
             where m.domain = split_part(${c}.email, '@', 2)))`;

/** What a change can affect. */
export type Affected =
  /** A few addresses: found per list through its (email_list_id, email) index. */
  | { emails: string[]; category?: number }
  /** Many addresses: a table (a staging table) with an `email` column. */
  | { emailsTable: string; category?: number }
  /** Domains: every e-mail at them. */
  | { domains: string[] };

function candidates(a: Affected): { sql: string; params: unknown[] } {
  const cols = 'e.id, e.email_list_id, e.valid, e.email, l.category_id, l.user_id as list_user_id';
  const category = 'domains' in a ? undefined : a.category;
  const lists = category === undefined ? 'email_lists l' : `email_lists l`;
  const where = category === undefined ? 'true' : 'l.category_id = $2';
  if ('emails' in a)
    return {
      sql: `select ${cols} from ${lists} cross join lateral (
              select e.* from emails e where e.email_list_id = l.id and e.email = any($1::text[])) e where ${where}`,
      params: category === undefined ? [a.emails] : [a.emails, category],
    };
  if ('emailsTable' in a)
    return {
      sql: `select ${cols} from ${lists} join emails e on e.email_list_id = l.id
            where e.email in (select email from ${a.emailsTable}) and ${where.replace('$2', '$1')}`,
      params: category === undefined ? [] : [category],
    };
  return {
    sql: `select ${cols} from email_lists l join emails e on e.email_list_id = l.id
          where split_part(e.email, '@', 2) = any($1::text[])`,
    params: [a.domains],
  };
}

/**
 * Recomputes validity for the e-mails a change can affect and returns how many changed. Locks the lists
 * it may touch first, in id order, as every writer of a list's e-mails does (0204): an import running on
 * one of them finishes first, and one starting later classifies its rows with this change.
 */
export async function revalidate(client: pg.ClientBase, affected: Affected): Promise<number> {
  const category = 'domains' in affected ? undefined : affected.category;
  await client.query(
    `select id from email_lists where ${category === undefined ? 'true' : 'category_id = $1'} order by id for update`,
    category === undefined ? [] : [category],
  );
  const c = candidates(affected);
  const { rows } = await client.query<{ changed: number }>(
    `with cand as (
       select c.id, c.email_list_id, c.valid as old, not ${suppressed('c')} as new from (${c.sql}) c
     ),
     upd as (
       update emails e set valid = cand.new from cand
       where e.id = cand.id and cand.old <> cand.new
       returning e.email_list_id, e.valid
     ),
     moved as (
       update email_lists l set valid_counter = l.valid_counter + d.delta
       from (select email_list_id, sum(case when valid then 1 else -1 end)::int as delta from upd group by 1) d
       where l.id = d.email_list_id
       returning 1
     )
     select (select count(*) from upd)::int as changed, (select count(*) from moved) as lists`,
    c.params,
  );
  return rows[0]?.changed ?? 0;
}

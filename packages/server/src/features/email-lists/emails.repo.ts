import { sql } from 'drizzle-orm';
import type { EmailRow } from '@console/shared/email-lists';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../core/hydra.ts';

/**
 * One page of a list's e-mails, ordered by address (the unique (email_list_id, email) index serves the
 * order, so a page of a million-row list costs a few index pages). Without a search the total is the
 * list's own counter, which every writer keeps exact.
 */
export async function findEmails(
  db: Db,
  listId: number,
  q: { email?: string; limit: number; offset: number },
): Promise<{ items: EmailRow[]; totalItems: number }> {
  const search = q.email?.trim() ? sql`and e.email ilike ${containsPattern(q.email.trim())}` : sql``;
  const [page, total] = await Promise.all([
    db.execute<EmailRow & Record<string, unknown>>(sql`
      select e.id, e.email, e.name as first_name, e.surname as last_name, e.valid
      from emails e where e.email_list_id = ${listId} ${search}
      order by e.email limit ${q.limit} offset ${q.offset}`),
    q.email?.trim()
      ? db.execute<{ n: number }>(
          sql`select count(*)::int as n from emails e where e.email_list_id = ${listId} ${search}`,
        )
      : db.execute<{ n: number }>(sql`select total_counter as n from email_lists where id = ${listId}`),
  ]);
  return { items: page.rows, totalItems: total.rows[0]?.n ?? 0 };
}

/**
 * Deletes e-mails of one list and takes them off the counters, set-based: the deleted rows come back from
 * `delete ... returning` and are subtracted per provider in the same statement. The list row is locked
 * first, like every writer of a list's e-mails does (the import's merge, the clone), so counters never
 * interleave. Ids of other lists are ignored. Returns how many rows went.
 */
export async function deleteEmails(db: Db, listId: number, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from email_lists where id = ${listId} for update`);
    const { rows } = await tx.execute<{ n: number }>(sql`
      with del as (
        delete from emails where email_list_id = ${listId} and id = any(${sql.param(ids)}::bigint[])
        returning mail_provider_id, valid
      ), agg as (
        select mail_provider_id, count(*)::int as n from del group by 1
      ), pc as (
        update email_list_provider_counters c set counter = c.counter - agg.n
        from agg where c.email_list_id = ${listId} and c.mail_provider_id = agg.mail_provider_id
      )
      update email_lists set
        total_counter = total_counter - (select count(*) from del),
        valid_counter = valid_counter - (select count(*) from del where valid)
      where id = ${listId}
      returning (select count(*)::int from del) as n`);
    // A provider no list counts any more may be deleted again (the counters' foreign key restricts it).
    await tx.execute(sql`delete from email_list_provider_counters where email_list_id = ${listId} and counter <= 0`);
    return rows[0]?.n ?? 0;
  });
}

/** Which of `ids` exist in the list (to tell "not in this list" from "deleted"). */
export async function emailInList(db: Db, listId: number, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from emails where id = ${id} and email_list_id = ${listId}`);
  return rows.length > 0;
}

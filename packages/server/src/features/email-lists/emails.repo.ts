import { and, eq, sql } from 'drizzle-orm';
import { EMAILS_PAGE_SIZE } from '@console/shared/hydra';
import { emailRowItem } from '@console/shared/email-lists';
import type { Db } from '../../db/client.ts';
import { emails } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';

/**
 * GET /api/get-emails-list/{id}: one page of a list's e-mails, ordered by address (the unique
 * (email_list_id, email) index serves the order, so a page of a million-row list costs a few index pages).
 * Without a search the total is the list's own counter, which every writer keeps exact.
 */
export const emailsCollection = defineCollection({
  table: emails,
  item: emailRowItem,
  fields: {
    id: emails.id,
    email: emails.email,
    first_name: emails.name,
    last_name: emails.surname,
    valid: emails.valid,
  },
  scope: 'parent',
  filters: { email: filters.contains(emails.email, 'Email') },
  sortable: { email: emails.email },
  order: [sql`${emails.email}`],
  envelope: 'items',
  pageSize: EMAILS_PAGE_SIZE,
});

export const ofList = (listId: number) => eq(emails.emailListId, listId);

/** The address of one e-mail of the list (undefined: no such e-mail there). */
export const emailOfList = async (db: Db, listId: number, emailId: number) =>
  (
    await db
      .select({ email: emails.email })
      .from(emails)
      .where(and(ofList(listId), eq(emails.id, emailId)))
  )[0]?.email;

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

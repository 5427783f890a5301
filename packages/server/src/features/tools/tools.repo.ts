import { CampaignType } from '@console/shared/enums';
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { EMAIL_IDS_MAX, HISTORY_MAX, type EmailIdItem, type HistoryRow, type LogEntry } from '@console/shared/tools';
import type { Executor } from '../../db/client.ts';
import { emailLists, emails, uploadLog } from '../../db/schema/index.ts';

/* Every query of the tools: what a UUID names, e-mail ids, the relays' IP/domain history, the uploading log. */

const one = async <T>(db: Executor, q: SQL) => (await db.execute<T & Record<string, unknown>>(q)).rows[0] ?? null;

/** The campaign of that type and id (ids beyond an integer column's range compare as bigint: never an error). */
export const campaignNamed = (db: Executor, type: number, id: number) =>
  one<{ id: number; name: string }>(
    db,
    sql`select id, name from campaigns where id = ${id}::bigint and type = ${type}`,
  );

/** The relay's name: a PMTA relay's SMTP host (a deleted one's from its history), an SMTP relay's sender address. */
export const relayName = async (db: Executor, type: number, id: number) =>
  (
    await one<{ name: string | null }>(
      db,
      type === CampaignType.PMTA
        ? sql`select coalesce(
                (select smtp_host from pmta_relays where id = ${id}::bigint),
                (select smtp_host from relay_history where relay_id = ${id}::bigint order by id desc limit 1)) as name`
        : sql`select (select sender_email from smtp_relays where id = ${id}::bigint) as name`,
    )
  )?.name ?? null;

/** The address a campaign sent to (its recipient row outlives the list), else the list's row of that id. */
export const recipientEmail = async (db: Executor, campaignId: number, emailId: number) =>
  (
    await one<{ email: string | null }>(
      db,
      sql`select coalesce(
            (select email from campaign_recipients where campaign_id = ${campaignId}::bigint and email_id = ${emailId}::bigint),
            (select email from emails where id = ${emailId}::bigint)) as email`,
    )
  )?.email ?? null;

const emailIdFields = {
  emailId: emails.id,
  email: emails.email,
  emailList: sql<EmailIdItem['emailList']>`json_build_object('id', ${emailLists.id}, 'name', ${emailLists.name})`,
};

export const emailOfId = async (db: Executor, id: number): Promise<EmailIdItem | null> =>
  (
    await db
      .select(emailIdFields)
      .from(emails)
      .innerJoin(emailLists, eq(emailLists.id, emails.emailListId))
      .where(eq(emails.id, id))
  )[0] ?? null;

/**
 * The ids of an address, one per list that holds it. PostgreSQL 18 skip-scans the unique (list, email)
 * index, one probe per list: no index on the address alone for every import to maintain (decision 0909).
 */
export const idsOfEmail = (db: Executor, email: string): Promise<EmailIdItem[]> =>
  db
    .select(emailIdFields)
    .from(emails)
    .innerJoin(emailLists, eq(emailLists.id, emails.emailListId))
    .where(eq(emails.email, email))
    .orderBy(asc(emails.id))
    .limit(EMAIL_IDS_MAX);

/**
 * History rows: each 'created' event of a relay with the first 'deleted' event after it of the same relay,
 * IP and host (relay_history, written by triggers on pmta_relays). Newest first.
 */
async function history(db: Executor, match: (alias: SQL) => SQL): Promise<HistoryRow[]> {
  const c = sql.raw('c');
  const d = sql.raw('d');
  const { rows } = await db.execute<{
    id: number;
    ip: string;
    smtpHost: string;
    createdAt: Date;
    deletedAt: Date | null;
  }>(sql`
    select c.relay_id as id, host(c.ip) as ip, c.smtp_host as "smtpHost", c.at as "createdAt",
           (select min(d.at) from relay_history d
             where ${match(d)} and d.relay_id = c.relay_id and d.ip = c.ip and d.smtp_host = c.smtp_host
               and d.event = 'deleted' and d.id > c.id) as "deletedAt"
      from relay_history c
     where ${match(c)} and c.event = 'created'
     order by c.at desc, c.id desc
     limit ${HISTORY_MAX}`);
  return rows.map((r) => ({
    id: r.id,
    ip: r.ip,
    smtpHost: r.smtpHost,
    createdAt: { date: new Date(r.createdAt).toISOString() },
    deletedAt: r.deletedAt ? { date: new Date(r.deletedAt).toISOString() } : null,
  }));
}

export const ipHistory = (db: Executor, ip: string) => history(db, (t) => sql`${t}.ip = ${ip}::inet`);

/** The host itself and its subdomains, in any letter case (`domain` is lower-case). */
export const domainHistory = (db: Executor, domain: string) =>
  history(
    db,
    (t) =>
      sql`(lower(${t}.smtp_host) = ${domain} or right(lower(${t}.smtp_host), ${domain.length + 1}) = ${`.${domain}`})`,
  );

/** The uploading log's sources: a skip scan over the (source, event_time) index, one probe per source. */
export async function logSources(db: Executor): Promise<string[]> {
  const { rows } = await db.execute<{ source: string }>(sql`
    with recursive s(source) as (
      (select source from upload_log order by source limit 1)
      union all
      select (select u.source from upload_log u where u.source > s.source order by u.source limit 1)
        from s where s.source is not null)
    select source from s where source is not null`);
  return rows.map((r) => r.source);
}

/** The newest `limit` entries of a source (or all) between the dates (`to` excluded). */
export async function logEntries(
  db: Executor,
  f: { source?: string; from?: Date; to?: Date; limit: number },
): Promise<LogEntry[]> {
  const rows = await db
    .select({
      event_time: uploadLog.eventTime,
      source: uploadLog.source,
      msg_type: uploadLog.msgType,
      msg_text: uploadLog.msgText,
    })
    .from(uploadLog)
    .where(
      and(
        f.source === undefined ? undefined : eq(uploadLog.source, f.source),
        f.from ? gte(uploadLog.eventTime, f.from) : undefined,
        f.to ? lt(uploadLog.eventTime, f.to) : undefined,
      ),
    )
    .orderBy(desc(uploadLog.eventTime), desc(uploadLog.id))
    .limit(f.limit);
  return rows.map((r) => ({ ...r, event_time: r.event_time.toISOString() }));
}

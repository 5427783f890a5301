import { and, eq, sql } from 'drizzle-orm';
import { SMTP_RELAYS_PAGE_SIZE, SmtpRelayMessages, smtpRelayItem, type SmtpRelay } from '@console/shared/smtp-relays';
import type { Executor } from '../../../db/client.ts';
import { smtpRelayGroups, smtpRelays, smtpServers, socksProxies, users } from '../../../db/schema/index.ts';
import { defineCollection, filters } from '../../../core/collection.ts';
import { ownedBy } from '../../../core/access.ts';
import { constraintAnswer } from '../../../core/db-errors.ts';
import type { AuthUser } from '../../../core/context.ts';

constraintAnswer('smtp_relays_server_account_key', 409, { account: SmtpRelayMessages.duplicateAccount });

const r = smtpRelays;
const srv = smtpServers;
const grp = smtpRelayGroups;
const socks = socksProxies;

/**
 * GET /api/smtp_relays: id ascending, 50 a page. Filters: account (contains), user.id (administrators),
 * group.id, smtpServer.id. Sortable: id, group.name, smtpServer.name, account, status, active (spec 2).
 * The password never leaves the server: `hasPassword` says one is stored. Beside the spec's fields, `pauses`:
 * the mail services the relay is paused for now (decision 1475).
 */
export const smtpRelaysCollection = defineCollection({
  table: r,
  item: smtpRelayItem,
  fields: {
    id: r.id,
    account: r.account,
    senderEmail: r.senderEmail,
    hasPassword: sql<boolean>`${r.passwordEnc} <> ''`,
    active: r.active,
    status: r.status,
    normalSpeed: r.normalSpeed,
    backoffSpeed: r.backoffSpeed,
    backoff: r.backoff,
    description: r.description,
    providerSigns: r.providerSigns,
    socks: sql<SmtpRelay['socks']>`case when ${socks.id} is null then null
      else json_build_object('id', ${socks.id}, 'ip', host(${socks.ip}), 'port', ${socks.port}) end`,
    smtpServer: sql<SmtpRelay['smtpServer']>`json_build_object('id', ${srv.id}, 'name', ${srv.name})`,
    group: sql<SmtpRelay['group']>`json_build_object('id', ${grp.id}, 'name', ${grp.name})`,
    user: sql<SmtpRelay['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
    // Paused for a mail service and not resumed (decision 1475): a few rows at most, through the primary key.
    pauses: sql<SmtpRelay['pauses']>`coalesce((
      select json_agg(json_build_object('mailService', json_build_object('id', mp.id, 'name', mp.name),
               'reason', x.reason,
               'since', to_char(x.paused_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
             order by mp.name)
        from smtp_relay_pauses x join mail_providers mp on mp.id = x.mail_provider_id
       where x.relay_id = ${r.id} and x.resumed_at is null), '[]'::json)`,
  },
  join: (q) =>
    q
      .innerJoin(srv, eq(srv.id, r.smtpServerId))
      .innerJoin(grp, eq(grp.id, r.groupId))
      .innerJoin(users, eq(users.id, r.userId))
      .leftJoin(socks, eq(socks.id, r.socksId)),
  scope: ownedBy(r.userId),
  filters: {
    account: filters.contains(r.account, 'Account'),
    'user.id': filters.owner(r.userId),
    'group.id': filters.id(r.groupId),
    'smtpServer.id': filters.id(r.smtpServerId),
  },
  sortable: {
    id: r.id,
    'group.name': grp.name,
    'smtpServer.name': srv.name,
    account: r.account,
    status: r.status,
    active: r.active,
  },
  order: [sql`${r.id} asc`],
  select: { fields: { id: r.id, name: r.account }, order: [sql`${r.account}`, sql`${r.id}`] },
  pageSize: SMTP_RELAYS_PAGE_SIZE,
});

export const findSmtpRelay = (db: Executor, user: AuthUser, id: number) =>
  smtpRelaysCollection.one(db, user, eq(r.id, id));

export type SmtpRelayValues = Omit<typeof r.$inferInsert, 'id' | 'createdAt'>;

export async function insertSmtpRelay(db: Executor, v: SmtpRelayValues) {
  const [row] = await db.insert(r).values(v).returning({ id: r.id });
  return row!.id;
}

export const updateSmtpRelayRow = (db: Executor, id: number, v: Partial<SmtpRelayValues>) =>
  db.update(r).set(v).where(eq(r.id, id));

/** Whether a socks proxy is one of `userId`'s. */
export const isSocksOf = (db: Executor, socksId: number, userId: number) =>
  db
    .select({ id: socks.id })
    .from(socks)
    .where(and(eq(socks.id, socksId), eq(socks.userId, userId)))
    .then((rows) => rows.length > 0);

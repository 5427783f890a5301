import { eq, sql } from 'drizzle-orm';
import { SMTP_SERVERS_PAGE_SIZE, smtpServerItem, type SmtpServer } from '@console/shared/smtp-servers';
import type { Executor } from '../../../db/client.ts';
import { smtpRelays, smtpServers, users } from '../../../db/schema/index.ts';
import { defineCollection, filters } from '../../../core/collection.ts';
import { ownedBy } from '../../../core/access.ts';
import type { AuthUser } from '../../../core/context.ts';

/**
 * GET /api/smtp_servers: newest first, 30 a page. Filters: serverName (contains), user.id (administrators).
 * `groups[]=select` gives {id, name} by name for the relay forms (with user.id: one owner's servers).
 */
export const smtpServersCollection = defineCollection({
  table: smtpServers,
  item: smtpServerItem,
  fields: {
    id: smtpServers.id,
    name: smtpServers.name,
    host: smtpServers.host,
    port: smtpServers.port,
    tls: smtpServers.tls,
    relayNormalSpeed: smtpServers.relayNormalSpeed,
    relayBackoffSpeed: smtpServers.relayBackoffSpeed,
    returnPathDomain: smtpServers.returnPathDomain,
    user: sql<SmtpServer['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
    relaysCount: sql<number>`(select count(*)::int from ${smtpRelays} where ${smtpRelays.smtpServerId} = ${smtpServers.id})`,
  },
  join: (q) => q.innerJoin(users, eq(users.id, smtpServers.userId)),
  scope: ownedBy(smtpServers.userId),
  filters: {
    serverName: filters.contains(smtpServers.name, 'Server Name'),
    'user.id': filters.owner(smtpServers.userId),
  },
  sortable: { id: smtpServers.id, name: smtpServers.name, host: smtpServers.host, user: users.username },
  order: [sql`${smtpServers.id} desc`],
  select: {
    fields: { id: smtpServers.id, name: smtpServers.name },
    order: [sql`${smtpServers.name}`, sql`${smtpServers.id}`],
  },
  pageSize: SMTP_SERVERS_PAGE_SIZE,
});

export const findSmtpServer = (db: Executor, user: AuthUser, id: number) =>
  smtpServersCollection.one(db, user, eq(smtpServers.id, id));

export type SmtpServerValues = Omit<typeof smtpServers.$inferInsert, 'id' | 'createdAt'>;

export async function insertSmtpServer(db: Executor, v: SmtpServerValues) {
  const [row] = await db.insert(smtpServers).values(v).returning({ id: smtpServers.id });
  return row!.id;
}

export const updateSmtpServerRow = (db: Executor, id: number, v: SmtpServerValues) =>
  db.update(smtpServers).set(v).where(eq(smtpServers.id, id));

/** Deletes the server; its relays go with it (foreign key cascade). */
export const deleteSmtpServerRow = (db: Executor, id: number) => db.delete(smtpServers).where(eq(smtpServers.id, id));

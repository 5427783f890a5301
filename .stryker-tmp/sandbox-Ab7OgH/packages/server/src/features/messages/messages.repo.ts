// @ts-nocheck
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MESSAGES_PAGE_SIZE, messageListItem, type MessageListRow } from '@console/shared/messages';
import type { Executor } from '../../db/client.ts';
import { messages, users } from '../../db/schema/index.ts';
import { defineCollection, filters } from '../../core/collection.ts';
import { ownedBy } from '../../core/access.ts';
import type { AuthUser } from '../../core/context.ts';

/**
 * GET /api/messages: newest first, 30 a page. Filters: name (contains), user.id (administrators),
 * archive[exists] (left out for All). `groups[]=select` gives {id, name}; the campaign forms ask it with
 * archive[exists]=false&order[name]=asc, so archived messages are never offered.
 */
export const messagesCollection = defineCollection({
  table: messages,
  item: messageListItem,
  fields: {
    id: messages.id,
    name: messages.name,
    subject: messages.subject,
    user: sql<MessageListRow['user']>`json_build_object('id', ${users.id}, 'username', ${users.username})`,
    archive: messages.archive,
  },
  join: (q) => q.innerJoin(users, eq(users.id, messages.userId)),
  scope: ownedBy(messages.userId),
  filters: {
    name: filters.contains(messages.name, 'Name'),
    'user.id': filters.owner(messages.userId),
    'archive[exists]': filters.exists(messages.archive),
  },
  sortable: {
    id: messages.id,
    name: messages.name,
    subject: messages.subject,
    archive: messages.archive,
    user: users.username,
  },
  order: [sql`${messages.id} desc`],
  select: { fields: { id: messages.id, name: messages.name }, order: [sql`${messages.name}`, sql`${messages.id}`] },
  pageSize: MESSAGES_PAGE_SIZE,
  present: (row): MessageListRow => ({ ...row, archive: row.archive?.toISOString() ?? null }),
});

/** One message with its HTML, scoped like the list. */
export async function findMessage(db: Executor, user: AuthUser, id: number) {
  const row = await messagesCollection.one(db, user, eq(messages.id, id));
  if (!row) return undefined;
  const [c] = await db
    .select({ content: messages.content, text: messages.textContent })
    .from(messages)
    .where(eq(messages.id, id));
  return c && { ...row, htmlContent: c.content, textContent: c.text };
}

type MessageValues = { name: string; subject: string; content: string; textContent: string | null; userId: number };

export async function insertMessage(db: Executor, v: MessageValues) {
  const [row] = await db.insert(messages).values(v).returning({ id: messages.id });
  return row!.id;
}

/** Writes only while current: false when the message was archived meanwhile. */
export async function updateCurrentMessage(
  db: Executor,
  id: number,
  v: Partial<MessageValues> | { archive: ReturnType<typeof sql> },
) {
  const done = await db
    .update(messages)
    .set(v)
    .where(and(eq(messages.id, id), isNull(messages.archive)))
    .returning({ id: messages.id });
  return done.length > 0;
}

// @ts-nocheck
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Notification } from '@console/shared/notifications';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

const unread = (userId: number) => and(eq(notifications.userId, userId), isNull(notifications.readAt));

/** The newest unread notifications of a user (the header dropdown shows at most 100). */
export async function unreadNotifications(db: Executor, userId: number): Promise<Notification[]> {
  const rows = await db
    .select({
      id: notifications.id,
      subject: notifications.subject,
      message: notifications.message,
      date: notifications.date,
    })
    .from(notifications)
    .where(unread(userId))
    .orderBy(desc(notifications.date), desc(notifications.id))
    .limit(100);
  return rows.map((r) => ({ ...r, date: r.date.toISOString() }));
}

/** Marks one of the user's notifications read; false when it is not theirs or does not exist. */
export async function markRead(db: Executor, userId: number, id: number): Promise<boolean> {
  const done = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return done.length > 0;
}

import type pg from 'pg';
import { Topics, type NotificationEvent } from '@console/shared/hub';
import type { AppContext } from './context.ts';
import { loggable } from './errors.ts';
import { logOf } from './log.ts';

/** Bounds of a notification's texts: a dropdown line, and a live message far below NOTIFY's 8000 bytes. */
export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 1000;

const bounded = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

type Notice = { subject: string; message: string; status?: NotificationEvent['status'] };

/**
 * Stores a notification for the dropdown, on the given connection (a job's transaction: the notice then
 * exists exactly when the outcome it tells of does). Texts built from users' names (a 10,000-character
 * list name) are cut to their bounds. Returns its id and the live message for `pushNotification`.
 */
export async function storeNotification(
  db: Pick<pg.ClientBase, 'query'>,
  userId: number,
  n: Notice,
): Promise<{ id: number; event: NotificationEvent }> {
  const status = n.status ?? 'success';
  const message = bounded(n.message, MESSAGE_MAX);
  const { rows } = await db.query<{ id: number }>(
    'insert into notifications (user_id, subject, message, status) values ($1, $2, $3, $4) returning id',
    [userId, bounded(n.subject, SUBJECT_MAX), message, status],
  );
  return { id: rows[0]!.id, event: { message, status, userId } };
}

/** The live push of a stored notification: a push that fails is logged, never the caller's failure. */
export async function pushNotification(ctx: Pick<AppContext, 'hub' | 'env'>, event: NotificationEvent) {
  await ctx.hub
    .publish(Topics.notifications, event.userId, event)
    .catch((e) => logOf(ctx).error({ err: loggable(e), userId: event.userId }, 'live push of a notification failed'));
}

/** Any job or route can tell a user something: it is stored for the dropdown and pushed live. */
export async function notifyUser(ctx: Pick<AppContext, 'db' | 'hub' | 'env'>, userId: number, n: Notice) {
  const { id, event } = await storeNotification(ctx.db.$client, userId, n);
  await pushNotification(ctx, event);
  return id;
}

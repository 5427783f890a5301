import { Topics, type NotificationEvent } from '@console/shared/hub';
import { notifications } from '../db/schema.ts';
import type { AppContext } from './context.ts';
import { loggable } from './errors.ts';

/** Bounds of a notification's texts: a dropdown line, and a live message far below NOTIFY's 8000 bytes. */
export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 1000;

const bounded = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * Any job or route can tell a user something: it is stored for the dropdown and pushed live. Texts built
 * from users' names (a 10,000-character list name) are cut to their bounds. The stored row is what
 * counts: a push that fails is logged, never the caller's failure.
 */
export async function notifyUser(
  ctx: Pick<AppContext, 'db' | 'hub'>,
  userId: number,
  n: { subject: string; message: string; status?: NotificationEvent['status'] },
) {
  const status = n.status ?? 'success';
  const message = bounded(n.message, MESSAGE_MAX);
  const [row] = await ctx.db
    .insert(notifications)
    .values({ userId, subject: bounded(n.subject, SUBJECT_MAX), message, status })
    .returning({ id: notifications.id });
  const event: NotificationEvent = { message, status, userId };
  await ctx.hub
    .publish(Topics.notifications, userId, event)
    .catch((e) => console.error('[notify] live push failed', loggable(e)));
  return row!.id;
}

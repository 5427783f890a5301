import { Topics, type NotificationEvent } from '@console/shared/hub';
import { notifications } from '../db/schema.ts';
import type { AppContext } from './context.ts';

/** Any job or route can tell a user something: it is stored for the dropdown and pushed live. */
export async function notifyUser(
  ctx: Pick<AppContext, 'db' | 'hub'>,
  userId: number,
  n: { subject: string; message: string; status?: NotificationEvent['status'] },
) {
  const status = n.status ?? 'success';
  const [row] = await ctx.db
    .insert(notifications)
    .values({ userId, subject: n.subject, message: n.message, status })
    .returning({ id: notifications.id });
  const event: NotificationEvent = { message: n.message, status, userId };
  await ctx.hub.publish(Topics.notifications, userId, event);
  return row!.id;
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationItem } from '@console/shared/notifications';
import { found, idParams, mine } from '../../core/access.ts';
import { notifications } from '../../db/schema/index.ts';
import { markRead, unreadNotifications } from './notifications.repo.ts';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  /** The unread notifications of the signed-in user, newest first. */
  app.get(
    '/notifications',
    { config: { scope: mine(notifications.userId) }, schema: { tags, response: { 200: z.array(notificationItem) } } },
    async (req) => unreadNotifications(db, req.user.id),
  );

  /** Marks one as read. */
  app.put('/notifications/:id', { schema: { tags, params: idParams } }, async (req, reply) => {
    found((await markRead(db, req.user.id, req.params.id)) || undefined);
    return reply.status(204).send();
  });
};

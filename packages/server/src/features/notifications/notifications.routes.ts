import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { notifications } from '../../db/schema.ts';
import { notFound } from '../../core/errors.ts';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const mine = (userId: number) => and(eq(notifications.userId, userId), isNull(notifications.readAt));

  /** The unread notifications of the signed-in user, newest first. */
  app.get('/notifications', { schema: { tags: ['notifications'] } }, async (req) => {
    return db
      .select({ id: notifications.id, subject: notifications.subject, message: notifications.message, date: notifications.date })
      .from(notifications)
      .where(mine(req.user.id))
      .orderBy(desc(notifications.date), desc(notifications.id))
      .limit(100);
  });

  /** Marks one as read. */
  app.put(
    '/notifications/:id',
    { schema: { tags: ['notifications'], params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (req, reply) => {
      const done = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.id, req.params.id), eq(notifications.userId, req.user.id)))
        .returning({ id: notifications.id });
      if (!done.length) throw notFound();
      return reply.status(204).send();
    },
  );
};

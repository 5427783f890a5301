import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, count } from 'drizzle-orm';
import { collectionQuery, hydra, orderOf, pageOf } from '../../core/hydra.ts';
import { mailProviders } from '../../db/schema.ts';

/**
 * GET /api/mail_providers: the providers, for the email-list columns and the campaign and report forms.
 * Any signed-in user may read them. Rows are always the light {id, name} (with or without groups[]=select).
 */
export const mailProvidersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/mail_providers', { schema: { tags: ['mail providers'], querystring: collectionQuery } }, async (req) => {
    const order = orderOf(req.query, { id: mailProviders.id, name: mailProviders.name }, asc(mailProviders.id));
    const q = db
      .select({ id: mailProviders.id, name: mailProviders.name })
      .from(mailProviders)
      .orderBy(...order)
      .$dynamic();
    const { limit, offset } = pageOf(req.query);
    if (limit) q.limit(limit).offset(offset ?? 0);
    const [rows, [total]] = await Promise.all([q, db.select({ n: count() }).from(mailProviders)]);
    return hydra(rows, total!.n);
  });
};

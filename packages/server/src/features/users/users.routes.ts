import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { userCreateSchema, userUpdateSchema } from '@console/shared/users';
import { collectionQuery, hydra, pageOf, wantsSelect } from '../../core/hydra.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import { hashPassword } from '../../core/passwords.ts';
import { revokeUserTokens } from '../../core/tokens.ts';
import { users } from '../../db/schema.ts';
import { assertUnique } from '../auth/auth.service.ts';
import { findUser, findUsers, usersWhere } from './users.repo.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const admin = { admin: true };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/users',
    { config: admin, schema: { tags: ['users'], querystring: collectionQuery.extend({ username: z.string().optional() }) } },
    async (req) => {
      const where = usersWhere({ username: req.query.username });
      if (wantsSelect(req.query)) {
        const rows = await db.select({ id: users.id, name: users.username }).from(users).where(where).orderBy(users.username);
        return hydra(rows, rows.length);
      }
      const { rows, total } = await findUsers(db, where, pageOf(req.query), req.query);
      return hydra(rows, total);
    },
  );

  app.get('/users/:id', { config: admin, schema: { tags: ['users'], params: idParams } }, async (req) => {
    return (await findUser(db, req.params.id)) ?? Promise.reject(notFound());
  });

  app.post('/users', { config: admin, schema: { tags: ['users'], body: userCreateSchema } }, async (req, reply) => {
    const { password, confirmPassword: _, ...fields } = req.body;
    await assertUnique(app.ctx, fields);
    const [row] = await db
      .insert(users)
      .values({ ...fields, passwordHash: await hashPassword(password) })
      .returning({ id: users.id });
    return reply.status(201).send(await findUser(db, row!.id));
  });

  app.put('/users/:id', { config: admin, schema: { tags: ['users'], params: idParams, body: userUpdateSchema } }, async (req) => {
    const { id } = req.params;
    const existing = await findUser(db, id);
    if (!existing) throw notFound();
    const { password, confirmPassword: _, ...fields } = req.body;
    if (id === req.user.id && !fields.isActive) throw forbidden('You cannot deactivate your own account.');
    await assertUnique(app.ctx, fields, id);
    await db
      .update(users)
      .set({ ...fields, ...(password ? { passwordHash: await hashPassword(password) } : {}) })
      .where(eq(users.id, id));
    // Deactivation or a new password ends every session of that user at once.
    if (!fields.isActive || password) await revokeUserTokens(db, id);
    return findUser(db, id);
  });

  app.delete('/users/:id', { config: admin, schema: { tags: ['users'], params: idParams } }, async (req, reply) => {
    if (req.params.id === req.user.id) throw forbidden('You cannot delete your own account.');
    const deleted = await db.delete(users).where(eq(users.id, req.params.id)).returning({ id: users.id });
    if (!deleted.length) throw notFound();
    return reply.status(204).send();
  });
};

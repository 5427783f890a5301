import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userCreateSchema, userItem, userUpdateSchema } from '@console/shared/users';
import { idParams } from '../../core/access.ts';
import { usersCollection } from './users.repo.ts';
import { changeUser, createUser, getUser, removeUser } from './users.service.ts';

const admin = { admin: true };
const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  usersCollection.serveList(app, '/users', { tags, config: admin });

  app.get(
    '/users/:id',
    { config: admin, schema: { tags, params: idParams, response: { 200: userItem } } },
    async (req) => getUser(ctx, req.params.id),
  );

  app.post(
    '/users',
    { config: admin, schema: { tags, body: userCreateSchema, response: { 201: userItem } } },
    async (req, reply) => reply.status(201).send(await createUser(ctx, req.body)),
  );

  app.put(
    '/users/:id',
    { config: admin, schema: { tags, params: idParams, body: userUpdateSchema, response: { 200: userItem } } },
    async (req) => changeUser(ctx, req.user, req.params.id, req.body),
  );

  app.delete('/users/:id', { config: admin, schema: { tags, params: idParams } }, async (req, reply) => {
    await removeUser(ctx, req.user, req.params.id);
    return reply.status(204).send();
  });
};

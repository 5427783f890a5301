import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RelayGroupKinds, relayGroupItem, relayGroupSchema, relayGroupsPath } from '@console/shared/relay-groups';
import { idParams } from '../../core/access.ts';
import { relayGroupCollections } from './relay-groups.repo.ts';
import { archiveRelayGroup, createRelayGroup, getRelayGroup, updateRelayGroup } from './relay-groups.service.ts';

/** /api/pmta_relay_groups and /api/smtp_relay_groups: the same calls on each kind's table. */
export const relayGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  for (const kind of RelayGroupKinds) {
    const path = `/${relayGroupsPath(kind)}`;
    const tags = [relayGroupsPath(kind)];
    const collection = relayGroupCollections[kind];

    collection.serveList(app, path, { tags });
    app.get(`${path}/:id`, { schema: { tags, params: idParams, response: { 200: relayGroupItem } } }, (req) =>
      getRelayGroup(ctx, kind, req.user, req.params.id),
    );
    app.post(
      path,
      { schema: { tags, body: relayGroupSchema, response: { 201: relayGroupItem } } },
      async (req, reply) => reply.status(201).send(await createRelayGroup(ctx, kind, req.user, req.body)),
    );
    app.put(
      `${path}/:id`,
      { schema: { tags, params: idParams, body: relayGroupSchema, response: { 200: relayGroupItem } } },
      (req) => updateRelayGroup(ctx, kind, req.user, req.params.id, req.body),
    );
    /** Moves a group to the archive (archive = now). There is no unarchive and no delete. */
    app.post(`${path}/archive/:id`, { schema: { tags, params: idParams, response: { 200: relayGroupItem } } }, (req) =>
      archiveRelayGroup(ctx, kind, req.user, req.params.id),
    );
  }
};

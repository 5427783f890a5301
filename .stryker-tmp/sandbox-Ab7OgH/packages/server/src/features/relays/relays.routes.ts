// @ts-nocheck
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RelayKinds,
  RelayMessages as M,
  bulkActivitySchema,
  bulkAnswer,
  bulkMoveSchema,
  editDescriptionSchema,
} from '@console/shared/relays';
import { idList } from '../../core/access.ts';
import { bulkActivity, bulkDelete, bulkMove, editDescription } from './relays.service.ts';

const relaysIds = z.object({
  relaysIds: idList('Invalid relay id.').refine((ids) => ids.length > 0, M.chooseRelays),
});

/** What PMTA and SMTP relays share: bulk_move, bulk_activity, bulk_delete per kind, and edit_description. */
export const relaysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  for (const kind of RelayKinds) {
    const tags = [`${kind}_relays`];
    app.post(
      `/${kind}_relays/bulk_move`,
      { schema: { tags, body: relaysIds.extend(bulkMoveSchema.shape), response: { 200: bulkAnswer } } },
      (req) => bulkMove(ctx, req.user, kind, req.body.relaysIds, req.body.groupId),
    );
    app.post(
      `/${kind}_relays/bulk_activity`,
      { schema: { tags, body: relaysIds.extend(bulkActivitySchema.shape), response: { 200: bulkAnswer } } },
      (req) => bulkActivity(ctx, req.user, kind, req.body.relaysIds, req.body.activity),
    );
    app.post(
      `/${kind}_relays/bulk_delete`,
      { schema: { tags, body: relaysIds, response: { 200: bulkAnswer } } },
      (req) => bulkDelete(ctx, req.user, kind, req.body.relaysIds),
    );
  }

  app.post(
    '/relays/edit_description',
    {
      schema: {
        tags: ['relays'],
        body: editDescriptionSchema,
        response: { 200: z.object({ id: z.number(), description: z.string().nullable() }) },
      },
    },
    (req) => editDescription(ctx, req.user, req.body),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATIC_MACROS } from '@console/shared/macros';
import { messageItem, messageSchema, previewAnswer, previewSchema } from '@console/shared/messages';
import { globalMacroItem } from '@console/shared/tags';
import { idParams } from '../../core/access.ts';
import { fieldErrors, invalid } from '../../core/errors.ts';
import { readFormFields } from '../../core/uploads.ts';
import { messagesCollection } from './messages.repo.ts';
import { archiveMessage, createMessage, getMessage, updateMessage } from './messages.service.ts';
import { previewMessage } from './preview.ts';

const tags = ['messages'];

export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  messagesCollection.serveList(app, '/messages', { tags });
  app.get('/messages/:id', { schema: { tags, params: idParams, response: { 200: messageItem } } }, (req) =>
    getMessage(ctx, req.user, req.params.id),
  );
  app.post('/messages', { schema: { tags, body: messageSchema, response: { 201: messageItem } } }, async (req, reply) =>
    reply.status(201).send(await createMessage(ctx, req.user, req.body)),
  );
  app.put(
    '/messages/:id',
    { schema: { tags, params: idParams, body: messageSchema, response: { 200: messageItem } } },
    (req) => updateMessage(ctx, req.user, req.params.id, req.body),
  );
  /** Current -> archived (archive = now); no restore, no delete. */
  app.post('/messages/archive/:id', { schema: { tags, params: idParams, response: { 200: messageItem } } }, (req) =>
    archiveMessage(ctx, req.user, req.params.id),
  );

  /** Multipart (the editor's FormData) or JSON: id, name, subject, content, campaignId, campaignType. */
  app.post('/messages/preview', { schema: { tags, response: { 200: previewAnswer } } }, async (req) => {
    const parsed = previewSchema.safeParse(await readFormFields(req));
    if (!parsed.success) throw invalid(fieldErrors(parsed.error.issues));
    return previewMessage(ctx, req.user, parsed.data, `${req.protocol}://${req.host}`);
  });

  /** Every static tag the renderer knows, with what it becomes (the editor caches it in localStorage). */
  app.get(
    '/global_macros',
    { config: { scope: 'global' }, schema: { tags, response: { 200: z.array(globalMacroItem) } } },
    () => [...STATIC_MACROS],
  );
};

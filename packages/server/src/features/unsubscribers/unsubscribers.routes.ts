import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnsubscriberMessages as M, unsubscriberItem } from '@console/shared/unsubscribers';
import { FILE_ACCEPTED } from '@console/shared/uploads';
import { idParams } from '../../core/access.ts';
import { invalid } from '../../core/errors.ts';
import { acceptReceived, hasFile, unlessSentLater, uploadsDir } from '../../core/imports/accept.ts';
import { receiveUpload } from '../../core/uploads.ts';
import { parseData, parseUnsubscriber, unsubscribersImport } from './unsubscribers.import.ts';
import { unsubscribersCollection } from './unsubscribers.repo.ts';
import { addUnsubscriber, deleteUnsubscriber } from './unsubscribers.service.ts';

const tags = ['unsubscribers'];
const config = { admin: true };

/** Administrators: the unsubscribed addresses of each category. */
export const unsubscribersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // Unfiltered, the total is the kept row count: counting 2,000,000 rows took over a second (decision 1461).
  unsubscribersCollection.serveList(app, '/unsubscribers', { tags, config, rowCount: 'unsubscribers' });

  /**
   * Multipart `data` (JSON of category and email) and an optional `file`: one address now (201 with it),
   * or a file processed in the background (200, the file's progress on its topic). JSON {category, email}
   * is taken too.
   */
  app.post('/unsubscribers', { config, schema: { tags } }, async (req, reply) => {
    if (!req.isMultipart()) {
      const data = parseUnsubscriber(req.body ?? {});
      if (!data.email) throw invalid({ email: M.emailOrFile });
      return reply.status(201).send(await addUnsubscriber(ctx, data.category, data.email));
    }
    const received = await receiveUpload(req, 'file', uploadsDir(ctx, unsubscribersImport), {
      beforeFile: unlessSentLater((fields) => unsubscribersImport.target(ctx, req, fields)),
    });
    if (hasFile(received.file)) {
      const upload = await acceptReceived(ctx, req, unsubscribersImport, received);
      return { id: upload.id, originalName: upload.originalName, completion: 0, message: FILE_ACCEPTED };
    }
    const data = parseData(received.fields);
    if (!data.email) throw invalid({ email: M.emailOrFile });
    return reply.status(201).send(unsubscriberItem.parse(await addUnsubscriber(ctx, data.category, data.email)));
  });

  app.delete('/unsubscribers/:id', { config, schema: { tags, params: idParams } }, async (req, reply) => {
    await deleteUnsubscriber(ctx, req.params.id);
    return reply.status(204).send();
  });
};

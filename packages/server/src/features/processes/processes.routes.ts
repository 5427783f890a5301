import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProcessMessages, processList, processParams, sendersAnswer } from '@console/shared/processes';
import { conflict, notFound } from '../../core/errors.ts';
import { listProcesses, liveSenders, removeProcess } from './processes.repo.ts';

const tags = ['processes'];

/** The running processes (administrators), and whether any sends (every user: the campaign screens). */
export const processesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/processes', { config: { admin: true }, schema: { tags, response: { 200: processList } } }, async () => {
    const items = await listProcesses(ctx.db.$client);
    return { items, totalItems: items.length };
  });
  // A process not responding (administrators): a live one would write its row back at its next beat.
  app.delete(
    '/processes/:id',
    { config: { admin: true }, schema: { tags, params: processParams } },
    async (req, reply) => {
      const result = await removeProcess(ctx.db.$client, req.params.id);
      if (result === 'live') throw conflict(ProcessMessages.removeLive);
      if (result === 'missing') throw notFound(ProcessMessages.notFound);
      return reply.status(204).send();
    },
  );
  app.get('/processes/senders', { schema: { tags, response: { 200: sendersAnswer } } }, async () => ({
    running: await liveSenders(ctx.db.$client),
  }));
};

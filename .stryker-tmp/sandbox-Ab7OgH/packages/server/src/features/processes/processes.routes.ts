// @ts-nocheck
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { processList, sendersAnswer } from '@console/shared/processes';
import { listProcesses, liveSenders } from './processes.repo.ts';

const tags = ['processes'];

/** The running processes (administrators), and whether any sends (every user: the campaign screens). */
export const processesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/processes', { config: { admin: true }, schema: { tags, response: { 200: processList } } }, async () => {
    const items = await listProcesses(ctx.db.$client);
    return { items, totalItems: items.length };
  });
  app.get('/processes/senders', { schema: { tags, response: { 200: sendersAnswer } } }, async () => ({
    running: await liveSenders(ctx.db.$client),
  }));
};

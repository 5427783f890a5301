// @ts-nocheck
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE_ADMIN } from '@console/shared/enums';
import { streamUser } from './events.repo.ts';

/** Mutable for tests only. */
export const streamTiming = { heartbeatMs: 25_000 };

/**
 * The live hub: one server-sent-events stream per signed-in tab, authenticated like every API call.
 * Each message is `event: <topic>` with the topic's JSON fields as data.
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/events', { schema: { tags: ['events'], hide: true } }, (req, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const write = (text: string) => void (res.writableEnded || res.write(text));
    write('retry: 3000\n\n');
    const { id, isAdmin, roles } = req.user;
    const unsubscribe = app.ctx.hub.subscribe({
      userId: id,
      isAdmin,
      send: (topic, data) => write(`event: ${topic}\ndata: ${JSON.stringify(data)}\n\n`),
      end: () => res.end(),
    });
    // Besides the hub's end-of-session notice (which a lost connection could miss), each heartbeat
    // re-reads the user: deactivated, deleted or no longer what the stream was opened as, it ends.
    const heartbeat = setInterval(async () => {
      const row = await streamUser(app.ctx.db, id).catch(() => ({ isActive: true, roles })); // a database hiccup is not an answer
      if (!row?.isActive || row.roles.includes(ROLE_ADMIN) !== isAdmin) return void res.end();
      write(': ping\n\n');
    }, streamTiming.heartbeatMs);
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
};

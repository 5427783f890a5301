import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const HEARTBEAT_MS = 25_000;

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
    res.write('retry: 3000\n\n');
    const unsubscribe = app.ctx.hub.subscribe({
      userId: req.user.id,
      isAdmin: req.user.isAdmin,
      send: (topic, data) => res.write(`event: ${topic}\ndata: ${JSON.stringify(data)}\n\n`),
      end: () => res.end(),
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    req.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
};

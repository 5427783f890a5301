import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The server's clock, which the header shows and ticks from. ISO 8601 with the server's offset. */
  app.get('/dashboard/date-time', { schema: { tags: ['dashboard'] } }, async () => {
    const [row] = (await app.ctx.db.$client.query<{ now: string }>(`select to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SSOF') as now`)).rows;
    return { serverDateTime: row!.now };
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');

/** ISO 8601 in the server's own time zone, e.g. 2026-11-21T17:04:05+02:00. */
export function isoWithOffset(d = new Date()): string {
  const offset = -d.getTimezoneOffset();
  const local = new Date(d.getTime() + offset * 60_000).toISOString().slice(0, 19);
  return `${local}${offset >= 0 ? '+' : '-'}${pad(offset / 60)}:${pad(offset % 60)}`;
}

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The server's clock, which the header shows and ticks from. */
  app.get('/dashboard/date-time', { schema: { tags: ['dashboard'] } }, async () => ({
    serverDateTime: isoWithOffset(),
  }));
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSpeedSchema, relaysCountResponse, relaysCountSchema, speedResponse } from '@console/shared/dashboard';
import { reportOwner, reportScope } from '../../core/reports.ts';
import { relaysCount, speed } from './dashboard.service.ts';
import { ownedBy } from '../../core/access.ts';
import { pmtaRelays } from '../../db/schema/index.ts';

const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');

/** ISO 8601 in the server's own time zone, e.g. 2026-11-21T17:04:05+02:00. */
export function isoWithOffset(d = new Date()): string {
  const offset = -d.getTimezoneOffset();
  const local = new Date(d.getTime() + offset * 60_000).toISOString().slice(0, 19);
  return `${local}${offset >= 0 ? '+' : '-'}${pad(offset / 60)}:${pad(offset % 60)}`;
}

const tags = ['dashboard'];

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  /** The server's clock, which the header shows and ticks from. */
  app.get('/dashboard/date-time', { schema: { tags } }, async () => ({
    serverDateTime: isoWithOffset(),
  }));

  /** The speed charts: the last 24 hours of traffic, overall or per mail provider (spec 3 §7). */
  app.post(
    '/dashboard/speed',
    { config: { scope: reportScope }, schema: { tags, body: dashboardSpeedSchema, response: { 200: speedResponse } } },
    async (req) => speed(ctx.db, reportOwner(req.user, req.body.userId), req.body.type),
  );

  /** The relay groups table: relays per group by rating and server kind. */
  app.post(
    '/dashboard/pmta-relays-count',
    {
      config: { scope: ownedBy(pmtaRelays.userId) },
      schema: { tags, body: relaysCountSchema, response: { 200: relaysCountResponse } },
    },
    async (req) => ({ data: await relaysCount(ctx.db, reportOwner(req.user, req.body.userId)) }),
  );
};

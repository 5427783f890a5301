import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../core/access.ts';
import { pmtaServers } from '../../db/schema.ts';
import { getPmtaServer } from '../../features/pmta-servers/pmta-servers.service.ts';
import { pmtaConnections } from './connection.ts';
import { consoleKey } from './keys.ts';

const tags = ['pmta_servers'];

/** The console's SSH identity (shown on the PMTA server form) and the reset of a server's pinned host key. */
export const pmtaSshRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.addHook('onClose', async () => pmtaConnections(ctx).close());

  app.get(
    '/pmta/ssh-public-key',
    { schema: { tags, response: { 200: z.object({ publicKey: z.string() }) } } },
    async () => ({ publicKey: consoleKey(ctx.env.DATA_DIR).publicKey }),
  );

  /** After a reinstall: the next connection pins the server's new host key. */
  app.delete('/pmta/server/:id/host-key', { schema: { tags, params: idParams } }, async (req, reply) => {
    await getPmtaServer(ctx, req.user, req.params.id);
    await ctx.db.update(pmtaServers).set({ hostKey: null }).where(eq(pmtaServers.id, req.params.id));
    pmtaConnections(ctx).forget(req.params.id);
    return reply.status(204).send();
  });
};

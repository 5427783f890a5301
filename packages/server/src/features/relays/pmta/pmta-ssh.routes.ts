import { eq } from 'drizzle-orm';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sshKeyItem, sshKeyRotateSchema } from '@console/shared/pmta-servers';
import { idParams, mine } from '../../../core/access.ts';
import { invalid } from '../../../core/errors.ts';
import { pmtaServers } from '../../../db/schema/index.ts';
import { getPmtaServer } from './pmta-servers.service.ts';
import { pmtaConnections } from '../../../pmta/ssh/connection.ts';
import { ownerServers, ownerSshKey, rotateOwnerSshKey } from '../../../pmta/ssh/owner-keys.ts';

const tags = ['pmta_servers'];

/**
 * The caller's own SSH identity (shown on the PMTA server form: the public half and the servers that must
 * carry it), its rotation, and the reset of a server's pinned host key. Decision 1010.
 */
export const pmtaSshRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.addHook('onClose', async () => pmtaConnections(ctx).close());

  const keyOf = async (userId: number) => ({
    publicKey: (await ownerSshKey(ctx, userId)).publicKey,
    servers: await ownerServers(ctx, userId),
  });

  app.get(
    '/pmta/ssh-public-key',
    { config: { scope: mine(pmtaServers.userId) }, schema: { tags, response: { 200: sshKeyItem } } },
    async (req) => keyOf(req.user.id),
  );

  /** A new key pair for the caller: every server listed must get the new public key. */
  app.post(
    '/pmta/ssh-public-key/rotate',
    { schema: { tags, body: sshKeyRotateSchema, response: { 200: sshKeyItem } } },
    async (req) => {
      if (req.body.confirm !== true) throw invalid({ confirm: 'Confirm the new key.' });
      await rotateOwnerSshKey(ctx, req.user.id);
      const pool = pmtaConnections(ctx);
      const answer = await keyOf(req.user.id);
      for (const s of answer.servers) pool.forget(s.id);
      return answer;
    },
  );

  /** After a reinstall: the next connection pins the server's new host key. */
  app.delete('/pmta/server/:id/host-key', { schema: { tags, params: idParams } }, async (req, reply) => {
    await getPmtaServer(ctx, req.user, req.params.id);
    await ctx.db.update(pmtaServers).set({ hostKey: null }).where(eq(pmtaServers.id, req.params.id));
    pmtaConnections(ctx).forget(req.params.id);
    return reply.status(204).send();
  });
};

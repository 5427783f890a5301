import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { ROLE_ADMIN } from '@console/shared/enums';
import { AuthMessages } from '@console/shared/auth';
import { users } from '../db/schema.ts';
import { AppError, forbidden } from './errors.ts';
import { verifyAccessToken } from './tokens.ts';
import type { AuthUser } from './context.ts';

function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7);
  return undefined;
}

/**
 * Every /api route needs a valid token unless its config says `public`. The user row is read on each
 * request so that deactivation or a role change takes effect at once, not when the token expires.
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null as unknown as AuthUser);
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    if (config.public || !req.url.startsWith('/api/') || req.url.startsWith('/api/docs')) return;
    const claims = await verifyAccessToken(app.ctx.secret, bearer(req) ?? '');
    if (!claims) throw new AppError(401, AuthMessages.unauthorized);
    const [row] = await app.ctx.db
      .select({ id: users.id, username: users.username, roles: users.roles, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, claims.id));
    if (!row?.isActive) throw new AppError(401, AuthMessages.inactive);
    req.user = { id: row.id, username: row.username, roles: row.roles, isAdmin: row.roles.includes(ROLE_ADMIN) };
    if (config.admin && !req.user.isAdmin) throw forbidden();
  });
}

// @ts-nocheck
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE_ADMIN } from '@console/shared/enums';
import { AuthMessages } from '@console/shared/auth';
import { AppError, forbidden } from './errors.ts';
import { verifyAccessToken } from './tokens.ts';
import type { AuthUser } from './context.ts';

function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7);
  return undefined;
}

/**
 * Every route needs a valid token unless it is declared `config: { public: true }`; `admin: true` routes
 * answer 403 to everyone else. The decision is made on the route the router matched, never on the URL's
 * text (an encoded spelling such as `/%61pi/users` matches the same route, so it meets the same check).
 * Only a request that matched no route at all (the 404 handler, the web app's shell) passes untouched.
 * The user is checked on each request (core/auth-users.ts, cached): deactivation, a role change, a new
 * password or a logout take effect at once.
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null as unknown as AuthUser);
  // A callback hook, not an async one: a public route (the tracker's hits) passes without a promise.
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.is404 || req.routeOptions.config.public) return done();
    authenticate(app, req).then(() => done(), done);
  });
}

async function authenticate(app: FastifyInstance, req: FastifyRequest) {
  const config = req.routeOptions.config;
  const claims = await verifyAccessToken(app.ctx.secret, bearer(req) ?? '');
  if (!claims) throw new AppError(401, AuthMessages.unauthorized);
  const row = await app.ctx.authUsers.get(claims.id);
  if (!row?.isActive) throw new AppError(401, AuthMessages.inactive);
  // A new password, a logout or a deactivation since the token was issued (decision 1331).
  if (row.tokenGeneration !== claims.gen) throw new AppError(401, AuthMessages.unauthorized);
  req.user = { id: row.id, username: row.username, roles: row.roles, isAdmin: row.roles.includes(ROLE_ADMIN) };
  if (config.admin && !req.user.isAdmin) throw forbidden();
}

/**
 * Registers a third-party plugin (static files, the API docs) whose routes are public: they are marked
 * `public` as they are added, which is the only way a route escapes the check above.
 */
export async function registerPublic(app: FastifyInstance, register: (scope: FastifyInstance) => PromiseLike<unknown>) {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), public: true };
    });
    await register(scope);
  });
}

import Fastify, { type FastifyContextConfig, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './core/context.ts';
import { registerAuth, registerPublic } from './core/auth.ts';
import { registerErrorHandler } from './core/errors.ts';
import { registerInputGuard } from './core/input-guard.ts';
import { loggerOptions } from './core/log.ts';
import { routes } from './routes.ts';
import { trackingRoutes } from './features/tracking/tracking.routes.ts';

export type RouteConfig = FastifyContextConfig;
export interface RegisteredRoute {
  method: string;
  url: string;
  config: RouteConfig;
  /** The schema of a 200 answer, when the route declares one. */
  answer: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

export interface BuildOptions {
  logger?: boolean;
  /** Where the log goes (stdout by default); tests read it. */
  logStream?: NodeJS.WritableStream;
  /** Folder of the built web app to serve at `/` (index.html for every non-API path). */
  webDist?: string;
}

/** The whole HTTP app, testable with `inject` and no listening socket. */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger
      ? { ...loggerOptions(ctx.env.LOG_LEVEL), ...(opts.logStream ? { stream: opts.logStream } : {}) }
      : false,
    trustProxy: ctx.env.TRUST_PROXY?.length ? ctx.env.TRUST_PROXY : false,
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);

  registerErrorHandler(app);
  // Every route added from here on is known by method, path and config (the route-walk tests use it).
  const registered: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (r) => {
    // `config` is read later: a plugin's own onRoute hook (registerPublic) may still set it.
    for (const method of [r.method].flat())
      registered.push({
        method,
        url: r.url,
        answer: (r.schema?.response as Record<number, unknown> | undefined)?.[200],
        get config() {
          return (r.config ?? {}) as RouteConfig;
        },
      });
  });

  // Two sibling contexts (decision 1210): the tracking endpoints (/t/, /postback; public, outside /api, all a
  // tracker process serves) and the console. The console's plugins (security headers, body parsers, the API
  // docs) hook every request of their context only, so a pixel or a click runs none of them. Both contexts
  // get the same auth and input checks (core/auth.ts, core/input-guard.ts): nothing is skipped for /t/*.
  await app.register(async (tracking) => {
    registerGuards(tracking);
    await tracking.register(trackingRoutes);
  });
  await app.register(async (scope) => consoleScope(scope, ctx, opts));
  return app;
}

/** Auth on the matched route's config, then the NUL check, in this order (ARCHITECTURE §3). */
function registerGuards(scope: FastifyInstance) {
  registerAuth(scope);
  registerInputGuard(scope);
}

/** The console: its plugins, the API, the API docs and the web app (none of it in a tracker process). */
async function consoleScope(app: FastifyInstance, ctx: AppContext, opts: BuildOptions) {
  // Security headers (decision 1011): no inline script anywhere, never framed, no MIME sniffing, no
  // referrer leaving the console. antd writes its CSS-in-JS into <style> elements at run time, hence
  // style-src 'unsafe-inline' (styles only; scripts stay 'self'). The tracking endpoints are outside this
  // context: their pages carry their own stricter policy (tracking/pages.ts) and a click's redirect or a
  // pixel must not be changed by the console's.
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // A message preview (a srcdoc frame of an about:blank window) inherits this policy: its remote
        // images and fonts must show. Images and fonts run nothing.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        frameSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // TLS is the operator's proxy's business: a console reached over plain HTTP must not pin HTTPS.
    strictTransportSecurity: false,
  });
  await app.register(formbody);
  await app.register(multipart, {
    limits: { fileSize: 4 * 1024 ** 3, files: 1, fields: 20, fieldSize: 5 * 1024 * 1024 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Campaign console API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // After helmet: a 401 or 403 carries the security headers too.
  registerGuards(app);
  const tracker = ctx.env.ROLE === 'tracker';
  if (!tracker)
    await registerPublic(app, (scope) => scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true }));
  if (!tracker) for (const plugin of routes) await app.register(plugin, { prefix: '/api' });

  const dist =
    !tracker && opts.webDist && fs.existsSync(path.join(opts.webDist, 'index.html')) ? opts.webDist : undefined;
  if (dist) {
    const shell = fs.readFileSync(path.join(dist, 'index.html'));
    await registerPublic(app, async (scope) => {
      await scope.register(fastifyStatic, { root: dist, wildcard: false });
      // The console's routes live in the browser: any other GET gets the app shell, except under /api
      // (the router's decoded path, so `/%61pi/x` is an API path too).
      scope.get('/*', { schema: { hide: true } }, (req, reply) => {
        if (/^api(\/|$)/i.test((req.params as { '*': string })['*']))
          return reply.status(404).send({ error: 'Not found.' });
        return reply.type('text/html').send(shell);
      });
    });
  }
  // Set in this context, so a 404 (any path, /t/ ones too) runs its hooks and carries its headers, as before.
  app.setNotFoundHandler((_req, reply) => reply.status(404).send({ error: 'Not found.' }));
}

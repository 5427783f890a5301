import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { buildApp, type RegisteredRoute } from '../app.ts';

/**
 * Issue 6, item 1: no route is reachable without authentication unless it is declared public, and no
 * admin route is reachable by an ordinary user, however the path is spelled. Walked on the API alone and
 * on the app that also serves the built web folder (static files and the SPA fallback).
 */
let t: TestApp;
let plain: TestUser;
let withWeb: FastifyInstance;
let dist: string;
beforeAll(async () => {
  t = await createTestApp();
  plain = await t.user();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'console-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  withWeb = await buildApp(t.ctx, { webDist: dist });
  await withWeb.ready();
});
afterAll(async () => {
  await withWeb.close();
  fs.rmSync(dist, { recursive: true, force: true });
  await t.close();
});

/** A concrete path for a route pattern: parameters filled with an id that exists nowhere. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '999999').replace(/\*$/, 'x');

/** Spellings of one path that the router decodes to the same route. */
function spellings(p: string): string[] {
  const encodeAll = (s: string) =>
    [...s].map((c) => (/[a-z]/.test(c) ? `%${c.charCodeAt(0).toString(16)}` : c)).join('');
  const segments = p.split('/');
  return [
    p,
    p.replace('/api/', '/%61pi/'),
    p.replace('/api/', '/ap%69/'),
    p.replace('/api/', '/a%70i/'),
    segments.map((s, i) => (i === 2 ? encodeAll(s) : s)).join('/'),
    segments.map((s) => encodeAll(s)).join('/'),
  ];
}

/** Public routes: the sign-in family (with whether sign-ups are open), the API docs, the tracker (and its /t/ping), and (with a web folder) its files and the shell. */
const PUBLIC =
  /^(GET|HEAD|POST) (\/api\/(register|registration|login_check|token\/refresh|logout|forgot-password)|\/api\/docs.*|\/t\/[ocu]\/:uuid(\/\*)?|\/t\/ping|\/postback|\/|\/\*|\/index\.html|\/assets\/app\.js)$/;

/** The status, or 'open' for an answer still streaming after a second (the live stream let in). */
async function statusOf(app: FastifyInstance, opts: InjectOptions) {
  const timer = new Promise<'open'>((r) => setTimeout(() => r('open'), 1000).unref());
  return Promise.race([app.inject(opts).then((res) => res.statusCode), timer]);
}

async function walk(app: FastifyInstance) {
  const failures: string[] = [];
  for (const r of app.registeredRoutes) {
    if (r.config.public) continue;
    for (const url of spellings(concrete(r.url))) {
      const payload = r.method === 'GET' || r.method === 'HEAD' ? undefined : {};
      const anonymous = await statusOf(app, { method: r.method as 'GET', url, payload });
      if (anonymous !== 401) failures.push(`${r.method} ${url} without a token: ${anonymous}`);
      if (r.url === '/api/events') continue; // with a valid token the stream stays open
      const user = await statusOf(app, {
        method: r.method as 'GET',
        url,
        payload,
        headers: { authorization: `Bearer ${plain.token}` },
      });
      if (r.config.admin ? user !== 403 : user === 401 || user === 403)
        failures.push(`${r.method} ${url} as a user: ${user}`);
    }
  }
  return failures;
}

type Def = { type?: string; element?: { def?: Def } } & Record<string, unknown>;
/** An array of rows: of objects (a list of strings is a field of one item, the roles of a profile). */
const rows = (def: Def | undefined) => def?.type === 'array' && def.element?.def?.type === 'object';

/** A zod schema (v4) of a list: rows, or an object with a field of rows (`hydra:member`, `items`, `report`). */
function isList(schema: unknown, depth = 0): boolean {
  const def = (schema as { def?: Def } | undefined)?.def;
  if (!def || depth > 4) return false;
  switch (def.type) {
    case 'array':
      return rows(def);
    case 'object':
      return Object.values(def.shape as Record<string, { def?: Def }>).some((f) => rows(f.def));
    case 'union':
      return (def.options as unknown[]).some((o) => isList(o, depth + 1));
    case 'pipe':
      return isList(def.in, depth + 1) || isList(def.out, depth + 1);
    case 'optional':
    case 'nullable':
      return isList(def.innerType, depth + 1);
    default:
      return false;
  }
}

describe('every registered route', () => {
  it('declares its scope when it reads a list, a report or an export (issue 41, item 3)', () => {
    // Reads: a GET of rows or of an export, and the reports, exports and histories asked for by POST.
    const read = (r: RegisteredRoute) =>
      r.method === 'POST'
        ? /report|xlsx|history|log-entries|dashboard/.test(r.url)
        : r.method === 'GET' && (isList(r.answer) || /export/.test(r.url));
    const lists = t.app.registeredRoutes.filter((r) => !r.config.public && !r.url.includes(':') && read(r));
    expect(lists.length).toBeGreaterThan(30);
    // An administrators' route needs no more: its rows are 'adminOnly' by definition.
    const undeclared = lists.filter((r) => !r.config.scope && !r.config.admin).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('is known, and the public ones are only those declared so', () => {
    for (const app of [t.app, withWeb]) {
      expect(app.registeredRoutes.length).toBeGreaterThan(20);
      const open = app.registeredRoutes.filter((r) => r.config.public).map((r) => `${r.method} ${r.url}`);
      for (const r of open) expect(r).toMatch(PUBLIC);
    }
    const webOpen = withWeb.registeredRoutes.filter((r) => r.config.public).map((r) => `${r.method} ${r.url}`);
    expect(webOpen).toEqual(expect.arrayContaining(['GET /*', 'GET /assets/app.js', 'GET /index.html']));
  });

  it(
    'answers 401 without a token and 403 to an ordinary user on admin routes, however the path is spelled',
    { timeout: 120_000 },
    async () => {
      expect(await walk(t.app)).toEqual([]);
    },
  );

  it('does the same when the web folder is served beside the API', { timeout: 120_000 }, async () => {
    expect(await walk(withWeb)).toEqual([]);
  });

  it('serves the web files and the shell publicly, and never the shell for an API path', async () => {
    expect((await withWeb.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    const page = await withWeb.inject({ method: 'GET', url: '/offers/7/edit' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>shell</title>');
    for (const url of ['/api/nothing', '/%61pi/nothing', '/ap%69/users/1/extra', '/API/x']) {
      const res = await withWeb.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { error: 'Not found.' }]);
    }
    // Data routes stay behind the token, shell or not.
    expect((await withWeb.inject({ method: 'GET', url: '/%61pi/users' })).statusCode).toBe(401);
  });

  it('changes nothing when an anonymous caller spells the path differently', async () => {
    const before = (await t.ctx.db.$client.query('select count(*)::int as n from users')).rows[0].n;
    for (const url of spellings(`/api/users/${plain.id}`)) {
      expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    }
    const body = {
      username: 'intruder',
      email: 'intruder@example.com',
      password: 'secret123',
      confirmPassword: 'secret123',
    };
    for (const url of ['/%61pi/users', '/ap%69/users', '/api/%75sers']) {
      expect((await t.app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(401);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: '/%61pi/categories', payload: { name: 'intruder' } })).statusCode,
    ).toBe(401);
    expect((await t.ctx.db.$client.query('select count(*)::int as n from users')).rows[0].n).toBe(before);
    expect(
      (await t.ctx.db.$client.query(`select count(*)::int as n from categories where name = 'intruder'`)).rows[0].n,
    ).toBe(0);
  });
});

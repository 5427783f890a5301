import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';

/**
 * Issue 6, item 1: no route is reachable without authentication unless it is declared public, and no
 * admin route is reachable by an ordinary user, however the path is spelled.
 */
let t: TestApp;
let plain: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  plain = await t.user();
});
afterAll(() => t.close());

/** A concrete path for a route pattern: parameters filled with an id that exists nowhere. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '999999').replace(/\*$/, 'x');

/** Spellings of one path that the router decodes to the same route. */
function spellings(path: string): string[] {
  const encodeAll = (s: string) => [...s].map((c) => (/[a-z]/.test(c) ? `%${c.charCodeAt(0).toString(16)}` : c)).join('');
  const segments = path.split('/');
  return [
    path,
    path.replace('/api/', '/%61pi/'),
    path.replace('/api/', '/ap%69/'),
    path.replace('/api/', '/a%70i/'),
    segments.map((s, i) => (i === 2 ? encodeAll(s) : s)).join('/'),
  ];
}

describe('every registered route', () => {
  it('is known, and the public ones are only those declared so', () => {
    const routes = t.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(20);
    const open = routes.filter((r) => r.config.public).map((r) => `${r.method} ${r.url}`);
    for (const r of open) expect(r).toMatch(/^(GET|HEAD|POST) \/api\/(register|login_check|token\/refresh|logout|forgot-password|docs.*)$/);
  });

  it('answers 401 without a token and 403 to an ordinary user on admin routes, however the path is spelled', async () => {
    const failures: string[] = [];
    for (const r of t.app.registeredRoutes) {
      if (r.config.public || r.method === 'HEAD') continue;
      for (const url of spellings(concrete(r.url))) {
        const anonymous = await t.app.inject({ method: r.method as 'GET', url, payload: {} });
        if (anonymous.statusCode !== 401) failures.push(`${r.method} ${url} without a token: ${anonymous.statusCode}`);
        if (!r.config.admin) continue;
        const user = await t.as(plain, { method: r.method as 'GET', url, payload: {} });
        if (user.statusCode !== 403) failures.push(`${r.method} ${url} as a user: ${user.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('changes nothing when an anonymous caller spells the path differently', async () => {
    const before = (await t.ctx.db.$client.query('select count(*)::int as n from users')).rows[0].n;
    for (const url of spellings(`/api/users/${plain.id}`)) {
      expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    }
    const body = { username: 'intruder', email: 'intruder@example.com', password: 'secret123', confirmPassword: 'secret123' };
    expect((await t.app.inject({ method: 'POST', url: '/%61pi/users', payload: body })).statusCode).toBe(401);
    expect((await t.ctx.db.$client.query('select count(*)::int as n from users')).rows[0].n).toBe(before);
  });
});

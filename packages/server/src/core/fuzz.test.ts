import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../test/harness.ts';
import { category, list } from '../features/email-lists/test-helpers.ts';

/**
 * Issue 6: every route, as an administrator and as an ordinary user, fed malformed ids, NUL bytes,
 * over-long strings, wrong types and truncated multipart bodies. Never a 5xx; and an answer of 4xx
 * changed nothing in the database.
 */
let t: TestApp;
let admin: TestUser;
let user: TestUser;
let tables: string[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.user({ admin: true });
  user = await t.user();
  // Something of each kind to aim at: the ids 1.. exist, so a sloppy id reading would hit a real row.
  const cat = await category(t);
  await list(t, user, { categoryId: cat });
  await t.as(admin, {
    method: 'POST',
    url: '/api/offers',
    payload: { name: 'fuzz', url: 'https://example.com', category: cat, user: user.id },
  });
  // The new offer's health check runs in the background: let it land before the snapshots start.
  await eventually(
    async () => (await t.ctx.db.$client.query('select 1 from offers where checked_at is not null')).rowCount,
  );
  const { rows } = await t.ctx.db.$client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE'
       and table_name not in ('login_failures', '__drizzle_migrations')`,
  );
  tables = rows.map((r) => r.name).sort();
});
afterAll(() => t.close());

/** A fingerprint of every row of every table (login failures excepted: a refused sign-in records one). */
async function snapshot(): Promise<string> {
  const parts = await Promise.all(
    tables.map(async (name) => {
      const { rows } = await t.ctx.db.$client.query(
        `select coalesce(md5(string_agg(md5(x::text), ',' order by md5(x::text))), '') as h, count(*) as n from "${name}" x`,
      );
      return `${name}:${rows[0].n}:${rows[0].h}`;
    }),
  );
  return parts.join('|');
}

const badIds = [
  '0x10',
  '1e1',
  '%205',
  '%20',
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  'abc',
  '1%00',
  '%00',
];
const long = 'x'.repeat(20_000);
const wrongBodies: unknown[] = [
  {},
  [],
  'text',
  42,
  null,
  { name: long, username: long, email: `${long}@example.com`, url: `https://e.com/${long}`, password: long },
  { name: 'a\u0000b', username: 'u\u0000', email: 'a@b.co\u0000', category: '1\u0000', emailListId: '1\u0000' },
  {
    name: [],
    username: {},
    email: 1,
    password: [],
    category: {},
    user: 'me',
    users: 'x',
    isActive: 'yes',
    profitRate: {},
  },
  { id: '0x10', category: '1e1', user: ' 5', users: ['0x10'], emailListId: '2147483648', idsToDelete: ['1e1', '0x10'] },
  { category: '/api/categories/2147483648', user: { id: '0x10' }, parent: 2 ** 40, emailListId: -1 },
  { refresh_token: long, email: 'admin@localhost', password: 'x'.repeat(5000) },
];
const badQueries = [
  '_page=1e1',
  '_page=abc',
  'itemsPerPage=0x10',
  'itemsPerPage=999999',
  'pagination=maybe',
  'order[id]=sideways',
  'order[id]=%00',
  'user.id=0x10',
  'category=2147483648',
  'archive[exists]=perhaps',
  `name=${long}`,
  'name=%00',
  'username=a%00b',
  'email=%00',
  'groups[]=%00',
];

function truncatedMultipart() {
  const boundary = `----fuzz${crypto.randomBytes(6).toString('hex')}`;
  const body = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="emailListId"\r\n\r\n1\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="emails"; filename="a.csv"\r\ncontent-type: text/csv\r\n\r\nemail\na@gmail.com\n`,
  );
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface Probe {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

function probesFor(method: string, pattern: string): Probe[] {
  const concrete = pattern.replace(/:[A-Za-z]+/g, '1');
  const out: Probe[] = [];
  if (pattern.includes(':')) {
    for (const id of badIds) out.push({ method, url: pattern.replace(/:[A-Za-z]+/g, id) });
  }
  if (method === 'GET') {
    for (const q of badQueries) out.push({ method, url: `${concrete}?${q}` });
  } else {
    for (const body of wrongBodies) out.push({ method, url: concrete, payload: body });
    out.push({ method, url: concrete, payload: 'not json', headers: { 'content-type': 'application/json' } });
    out.push({
      method,
      url: concrete,
      payload: 'a=%00&b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    out.push({ method, url: concrete, ...truncatedMultipart() });
  }
  return out;
}

describe('fuzzing every route', () => {
  it('never answers 5xx, and a 4xx changes nothing', { timeout: 600_000 }, async () => {
    const routes = t.app.registeredRoutes.filter(
      (r) =>
        r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.startsWith('/api/docs') && r.url.startsWith('/api/'),
    );
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    let before = await snapshot();
    for (const r of routes) {
      for (const who of [admin, user]) {
        // The live stream would stay open for a valid token; its input is only the token.
        if (r.url === '/api/events') continue;
        for (const p of probesFor(r.method, r.url)) {
          const res = await t.as(who, {
            method: p.method as 'GET',
            url: p.url,
            payload: p.payload as string,
            headers: p.headers,
          });
          const label = `${who === admin ? 'admin' : 'user'} ${p.method} ${p.url.slice(0, 80)} ${JSON.stringify(p.payload ?? '').slice(0, 80)}`;
          if (res.statusCode >= 500) failures.push(`${label} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
          const after = await snapshot();
          if (res.statusCode >= 400 && after !== before)
            failures.push(`${label} -> ${res.statusCode} but the database changed`);
          before = after;
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

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
  // `processes`: each process's heartbeat, written every 5 s by a timer whatever the requests (decision 1000).
  const { rows } = await t.ctx.db.$client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE'
       and table_name not in ('login_failures', '__drizzle_migrations', 'processes')`,
  );
  tables = rows.map((r) => r.name).sort();
});
afterAll(() => t.close());

/**
 * Columns that background work writes whatever the requests of the moment: the retention job's last run
 * (a probe's accepted `POST /api/retention/run` runs it a little later, decision 1370).
 */
const BACKGROUND: Record<string, string[]> = {
  console_settings: ['retention_run_at', 'retention_error'],
  // The Delivery view marks its servers watched and reads stale ones in the background (decision 1400).
  pmta_queue_snapshots: ['read_at', 'source', 'error', 'queues', 'watched_until'],
  // "Check now" queues a check, which a worker may run during the walk
  bounce_mailboxes: ['checked_at', 'error', 'lease_until'],
};
const rowText = (name: string) =>
  BACKGROUND[name] ? `(to_jsonb(x) ${BACKGROUND[name].map((c) => `- '${c}'`).join(' ')})::text` : 'x::text';

/** A fingerprint of every row of every table (login failures excepted: a refused sign-in records one). */
async function fullSnapshot(): Promise<string> {
  const { rows } = await t.ctx.db.$client.query<{ part: string }>(
    tables
      .map(
        (name) =>
          `select '${name}:' || count(*) || ':' || coalesce(md5(string_agg(md5(${rowText(name)}), ',' order by md5(${rowText(name)}))), '') as part from "${name}" x`,
      )
      .join(' union all '),
  );
  return rows
    .map((r) => r.part)
    .sort() // a union's parts may come back in any order (parallel append)
    .join('|');
}

/*
 * Hashing every table after each of the thousands of probes cost more than the probes. PostgreSQL's
 * transaction snapshot (xmin:xmax:in-progress ids) moves whenever a transaction that wrote anything
 * started or ended, in any session: while it stays the same, nothing can have changed.
 */
let known: { xids: string; rows: string } | undefined;
async function snapshot(): Promise<string> {
  const { rows } = await t.ctx.db.$client.query<{ s: string }>('select pg_current_snapshot()::text as s');
  const xids = rows[0]!.s;
  if (known?.xids !== xids) known = { xids, rows: await fullSnapshot() };
  return known.rows;
}

const badIds = [
  '0x10',
  '1e1',
  '%205',
  '%20',
  '2147483648',
  '99999999999999999999',
  '-1',
  '-0',
  '+1',
  '01',
  '0',
  '1.5',
  'abc',
  'NaN',
  '1%00',
  '%00',
  '%ff', // not UTF-8
  '%E0%A4%A', // a cut escape
  '1%2F2',
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
  { 'na\u0000me': 'x', emailListId: 1, ids: ['1\u0000'] },
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
  { category: 1.5, user: -1, parent: '/api/categories/0x10', profitRate: 1e308, emailListId: 'NaN', ids: [null] },
  { refresh_token: long, email: 'admin@localhost', password: 'x'.repeat(5000) },
  { name: '\ud800', username: '\udfff', email: 'a\ud800@example.com' }, // lone surrogates
];
const json = { 'content-type': 'application/json' };
/** Bodies sent as they are, for the parsers: broken JSON, poisoned keys, odd content types. */
const rawBodies: { payload: string; headers: Record<string, string> }[] = [
  { payload: 'not json', headers: json },
  { payload: '', headers: json },
  { payload: '{"name":"a",', headers: json },
  { payload: '{"__proto__":{"isAdmin":true},"name":"proto"}', headers: json },
  { payload: '{"constructor":{"prototype":{"isAdmin":true}},"name":"ctor"}', headers: json },
  { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, headers: json },
  { payload: `{"name":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`, headers: json },
  { payload: '{"name":1e400,"category":1e400,"user":-1e400}', headers: json },
  { payload: '{"name":"x"}', headers: { 'content-type': 'application/json; charset=utf-16' } },
  { payload: 'name=x', headers: { 'content-type': 'text/plain' } },
  { payload: 'name=x', headers: { 'content-type': 'application/x-unknown' } },
  { payload: 'a=%00&b', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  {
    payload: 'name=%ff%fe&username=%&email=%E0%A4%A',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  },
  { payload: 'name=a&name=b&category=1&category=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
];
const badQueries = [
  '_page=1e1',
  '_page=abc',
  '_page=-1',
  '_page=0',
  '_page=1&_page=2',
  'itemsPerPage=0x10',
  'itemsPerPage=999999',
  'itemsPerPage=-5',
  'itemsPerPage=1&itemsPerPage=2',
  'pagination=maybe',
  'pagination=false&pagination=true',
  'order[id]=sideways',
  'order[id]=asc&order[id]=desc',
  'order[id]=%00',
  'order[%00]=asc',
  'user.id=0x10',
  'user.id=1&user.id=2',
  'category=2147483648',
  'category=1&category=x',
  'archive[exists]=perhaps',
  `name=${long}`,
  'name=%00',
  'name=a&name=b',
  'name=%ff%fe',
  'name=%',
  'name=%25%5F%5C', // LIKE wildcards and the escape character, literally
  'username=a%00b',
  'email=%00',
  'groups[]=%00',
  'groups[]=select&groups[]=select',
  '%00=1',
];

const boundary = () => `----fuzz${crypto.randomBytes(6).toString('hex')}`;
const part = (b: string, name: string, value: string, filename?: string) =>
  `--${b}\r\ncontent-disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n` +
  `${filename === undefined ? '' : 'content-type: text/csv\r\n'}\r\n${value}\r\n`;
const formData = (b: string, body: string) => ({
  payload: Buffer.from(body),
  headers: { 'content-type': `multipart/form-data; boundary=${b}` },
});

/** Multipart bodies: cut short, NUL in names and values, no boundary, two files, no file. */
function multipartBodies() {
  const b = boundary();
  const csv = 'email\na@gmail.com\n';
  return [
    // Cut short inside the file.
    formData(
      b,
      `${part(b, 'emailListId', '1')}--${b}\r\ncontent-disposition: form-data; name="emails"; filename="a.csv"\r\n\r\nemail\na@gm`,
    ),
    // Cut short inside a part's headers.
    formData(b, `${part(b, 'emailListId', '1')}--${b}\r\ncontent-disposi`),
    formData(b, `${part(b, 'emailListId', '1')}${part(b, 'emails', csv, 'a\u0000.csv')}--${b}--\r\n`),
    formData(b, `${part(b, 'emailListId', '1\u0000')}${part(b, 'emails', csv, 'a.csv')}--${b}--\r\n`),
    formData(b, `${part(b, 'email\u0000ListId', '1')}${part(b, 'emails', csv, 'a.csv')}--${b}--\r\n`),
    formData(b, `${part(b, 'emailListId', '0x10')}${part(b, 'emails', csv, 'a.csv')}--${b}--\r\n`),
    formData(
      b,
      `${part(b, 'emailListId', '1')}${part(b, 'emails', csv, 'a.csv')}${part(b, 'emails', csv, 'b.csv')}--${b}--\r\n`,
    ),
    formData(b, `${part(b, 'emailListId', '1')}--${b}--\r\n`),
    {
      payload: Buffer.from(`${part(b, 'emailListId', '1')}--${b}--\r\n`),
      headers: { 'content-type': 'multipart/form-data' },
    },
  ];
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
    for (const raw of rawBodies) out.push({ method, url: concrete, ...raw });
    for (const mp of multipartBodies()) out.push({ method, url: concrete, ...mp });
  }
  return out;
}

/** The answer, or 'no answer' after 10 s (a request left hanging is a failure too). */
async function send(who: TestUser, p: Probe) {
  const timer = new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), 10_000).unref());
  const res = t.as(who, { method: p.method as 'GET', url: p.url, payload: p.payload as string, headers: p.headers });
  return Promise.race([res, timer]);
}

describe('fuzzing every route', () => {
  it('never answers 5xx, and a 4xx changes nothing', { timeout: 900_000 }, async () => {
    const routes = t.app.registeredRoutes.filter(
      (r) => r.method !== 'OPTIONS' && !r.url.startsWith('/api/docs') && r.url.startsWith('/api/'),
    );
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    let before = await snapshot();
    for (const r of routes) {
      // The live stream would stay open for a valid token; its input is only the token.
      if (r.url === '/api/events') continue;
      for (const who of [admin, user]) {
        for (const p of probesFor(r.method === 'HEAD' ? 'GET' : r.method, r.url)) {
          p.method = r.method;
          const res = await send(who, p);
          const body = Buffer.isBuffer(p.payload) ? p.payload.toString('latin1') : JSON.stringify(p.payload ?? '');
          const label = `${who === admin ? 'admin' : 'user'} ${p.method} ${p.url.slice(0, 80)} ${p.headers?.['content-type']?.split(';')[0] ?? ''} ${body.slice(0, 90)}`;
          if (res === 'no answer') {
            failures.push(`${label} -> no answer`);
            continue;
          }
          if (res.statusCode >= 500) failures.push(`${label} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
          const after = await snapshot();
          if (res.statusCode >= 400 && after !== before) {
            const was = new Set(before.split('|'));
            const changed = after
              .split('|')
              .filter((part) => !was.has(part))
              .map((part) => part.split(':')[0]);
            failures.push(`${label} -> ${res.statusCode} but the database changed (${changed.join(', ')})`);
          }
          before = after;
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

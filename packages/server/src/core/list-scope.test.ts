import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { buildHistory } from '../../test/profit-activity-history.ts';
import { reportScope } from './reports.ts';
import {
  bounceMailboxes,
  bounceReports,
  dkimKeys,
  notifications,
  pmtaEmailTests,
  uploads,
} from '../db/schema/index.ts';

/*
 * Issue 41, item 3: what every list shows to another owner and to an administrator, walked over the routes
 * that declare a scope (the route walk makes every list declare one). One user owns one of everything; for
 * each list, that owner sees rows, another user sees none of them, an administrator sees them all, except the
 * lists of each user's own rows (`mine`), which an administrator does not see either. A `global` list looks
 * the same to everyone. A list this world leaves empty fails the test: the check must reach every list.
 */

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;

/** Lists of each user's own rows only, administrators included (`mine(...)`). */
const MINE = new Set(['/api/notifications', '/api/upload_files', '/api/pmta/ssh-public-key']);
/** Shared reference data, the same for everyone: only these may say `global`. */
const GLOBAL = new Set([
  '/api/categories',
  '/api/categories/tree',
  '/api/mail_providers',
  '/api/global_macros',
  '/api/warmup_plans/ready',
]);
/** The query a list needs. */
const QUERY: Record<string, string> = { '/api/upload_files': '?type=5' };

/** The rows of an answer: an envelope's, an array, or the first field of rows. */
function rowsOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  const o = body as Record<string, unknown>;
  for (const key of ['hydra:member', 'items']) if (Array.isArray(o[key])) return o[key];
  return (Object.values(o).find((v) => Array.isArray(v) && v.every((r) => r && typeof r === 'object')) ??
    []) as unknown[];
}
/** A row's identity: its id, else the whole row. */
const keyOf = (row: unknown) => {
  const r = row as Record<string, unknown>;
  return 'id' in r ? `id ${String(r.id)}` : JSON.stringify(r);
};

const problems: string[] = [];

async function seen(u: TestUser, url: string): Promise<Set<string>> {
  const res = await t.as(u, { method: 'GET', url: url + (QUERY[url] ?? '') });
  if (res.statusCode !== 200) problems.push(`${url} as ${u.username}: ${res.statusCode} ${res.body.slice(0, 100)}`);
  return new Set(res.statusCode === 200 ? rowsOf(res.json()).map(keyOf) : []);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.user();
  stranger = await t.user();
  admin = await t.user({ admin: true });
  const make = factories(t);
  await make.smtpCampaign({ owner });
  const campaign = await make.pmtaCampaign({ owner });
  const pmtaServer = await make.pmtaServer({ owner });
  const relay = await make.pmtaRelay({ owner, pmtaServerId: pmtaServer.id });
  await t.ctx.db.insert(pmtaEmailTests).values({
    userId: owner.id,
    email: 'seed@example.com',
    sender: 'Seed',
    pmtaRelayId: relay.id,
    messageId: campaign.messageId,
    offerId: campaign.offerId,
  });
  await t.ctx.db
    .insert(dkimKeys)
    .values({ userId: owner.id, domain: 'owner.example', selector: 's1', privateKeyEnc: 'x', publicKey: 'y' });
  await make.smtpRelay({ owner });
  await make.socksProxy({ owner });
  await make.tag({ owner });
  await make.warmupPlan({ owner });
  const [mailbox] = await t.ctx.db
    .insert(bounceMailboxes)
    .values({
      name: 'bounces',
      host: 'imap.example',
      port: 993,
      security: 'tls',
      username: 'u',
      passwordEnc: 'x',
      userId: owner.id,
    })
    .returning();
  await t.ctx.db.insert(bounceReports).values({
    mailboxId: mailbox!.id,
    userId: owner.id,
    uidValidity: 1,
    uid: 1,
    kind: 'dsn',
    format: 'rfc3464',
    outcome: 'unmatched',
    size: 1,
    raw: Buffer.from('x'),
  });
  await t.ctx.db
    .insert(uploads)
    .values({ kind: 5, userId: owner.id, originalName: 'list.csv', filePath: '/nonexistent/list.csv' });
  await t.ctx.db.insert(notifications).values({ userId: owner.id, subject: 'list-scope', message: 'list-scope test' });
});
afterAll(() => t.close());

describe('every declared list', () => {
  it('shows an owner their rows, another user none of them, an administrator all of them', async () => {
    const lists = t.app.registeredRoutes.filter(
      (r) => r.method === 'GET' && r.config.scope && !r.config.admin && !r.url.includes(':'),
    );
    expect(lists.length).toBeGreaterThan(20);
    for (const { url, config } of lists) {
      const mine = await seen(owner, url);
      const other = await seen(stranger, url);
      const all = await seen(admin, url);
      if (!mine.size) problems.push(`${url}: the owner sees no row (make one in this test's world)`);
      if (config.scope === 'global') {
        if (!GLOBAL.has(url)) problems.push(`${url}: declared global, but it is not shared reference data`);
        if ([...mine].some((k) => !other.has(k))) problems.push(`${url}: a global list differs between users`);
        continue;
      }
      const leaked = [...mine].filter((k) => other.has(k));
      if (leaked.length) problems.push(`${url}: another user sees ${leaked.join(', ')}`);
      const adminSees = [...mine].filter((k) => all.has(k));
      if (MINE.has(url) ? adminSees.length : adminSees.length !== mine.size)
        problems.push(`${url}: an administrator sees ${adminSees.length} of the owner's ${mine.size} rows`);
    }
    expect(problems).toEqual([]);
  });
});

/** The sum of every number in a report's rows (ids are keys, not figures). */
const figures = (body: unknown) =>
  rowsOf(body).reduce<number>(
    (sum, row) =>
      sum +
      Object.entries(row as Record<string, unknown>)
        .filter(([k, v]) => typeof v === 'number' && !/id$/i.test(k))
        .reduce((s, [, v]) => s + Math.abs(v as number), 0),
    0,
  );

describe("every report read over the campaigns' owners (reportScope)", () => {
  it("shows its owner their figures, another user none, an administrator everyone's", async () => {
    const h = await buildHistory(t);
    const reports = t.app.registeredRoutes.filter(
      (r) => r.method === 'POST' && r.config.scope === reportScope && !r.url.startsWith('/api/dashboard'),
    );
    expect(reports.map((r) => r.url).sort()).toEqual([
      '/api/activity-report',
      '/api/email-list-report',
      '/api/mail-provider-report',
      '/api/profit-report',
    ]);
    const found: string[] = [];
    for (const { url } of reports) {
      const payload = { fromDate: '2025-12-01', toDate: '2026-05-01' };
      const of = async (u: TestUser) => {
        const res = await t.as(u, { method: 'POST', url, payload });
        if (res.statusCode !== 200) found.push(`${url} as ${u.username}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        return res.statusCode === 200 ? figures(res.json()) : 0;
      };
      const [alice, other, all] = [await of(h.alice), await of(stranger), await of(h.admin)];
      if (!alice) found.push(`${url}: the owner sees no figure`);
      if (other) found.push(`${url}: another user sees figures (${other})`);
      if (all <= alice) found.push(`${url}: an administrator sees ${all}, the owner alone ${alice}`);
    }
    expect(found).toEqual([]);
  });
});

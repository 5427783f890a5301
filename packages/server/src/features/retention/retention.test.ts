import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignStatus } from '@console/shared/enums';
import { RetentionMessages as M } from '@console/shared/retention';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { buildHistory, type History } from '../../../test/profit-activity-history.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordEvents } from '../../tracking/events.ts';
import { addRecipients, smtpTrackingId } from '../../tracking/test-helpers.ts';
import { loadArchive } from './archive.ts';
import { runRetention } from './retention.service.ts';

/*
 * Issue 42 section 1 (decision 1370): the nightly retention run archives whole partitions that fell out of
 * the settings to gzip'd CSV files and drops them; a partition holding an unfinished campaign's rows stays;
 * reports and statistics answer the same after the drop; an archived campaign's links still work.
 */

let t: TestApp;
let h: History;
let admin: TestUser;
let user: TestUser;
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.ctx.db.$client.query(text, params).then((r) => r.rows as T[]);
const partitions = async (parent: string) =>
  (
    await q<{ name: string }>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = $1::regclass order by 1`,
      [parent],
    )
  ).map((r) => r.name);
const readArchive = (file: string) =>
  parse(zlib.gunzipSync(fs.readFileSync(path.join(t.ctx.env.ARCHIVE_DIR, file))), { columns: true }) as Record<
    string,
    string
  >[];

// The run is told it is 2027-02-15: 13 months back is 2026-01-15, 90 days back 2026-11-17.
const NOW = new Date('2027-02-15T12:00:00Z');
let busy: { id: number };
let archived: { id: number; emailListId: number };
let recent: { id: number; emailListId: number };
let recipients: { emailId: number; email: string }[];

beforeAll(async () => {
  t = await createTestApp();
  // The history's months (2025-12 .. 2026-04) and one more, each in its partition as the job makes them.
  for (const m of ['2025_11', '2025_12', '2026_01', '2026_03', '2026_04']) {
    const from = `${m.replace('_', '-')}-01`;
    await q(
      `create table events_${m} partition of events for values from ('${from}') to (('${from}'::date + interval '1 month')::date)`,
    );
  }
  h = await buildHistory(t);
  admin = h.admin;
  user = h.alice;
  await q(`update campaigns set status = ${CampaignStatus.Finished}, end_date = '2026-04-10'`);
  const f = factories(t);
  // An active campaign with an event in 2025-11: that month stays, however old.
  busy = await f.smtpCampaign({ owner: h.bob, status: CampaignStatus.Active });
  await inTransaction(t.ctx.db, (c) =>
    recordEvents(c, [
      { kind: 'sent', campaignType: 'smtp', campaignId: busy.id, userId: h.bob.id, at: new Date('2025-11-15Z') },
    ]),
  );
  archived = await f.smtpCampaign({ owner: user, emails: ['ann@old.test', 'ben@old.test', 'cid@old.test'] });
  recent = await f.smtpCampaign({ owner: user, emails: ['dan@new.test'] });
  recipients = await addRecipients(t, archived);
  await addRecipients(t, recent);
  await q(`update campaigns set status = ${CampaignStatus.Finished}, end_date = $2 where id = $1`, [
    archived.id,
    '2026-10-01Z',
  ]);
  await q(`update campaigns set status = ${CampaignStatus.Finished}, end_date = $2 where id = $1`, [
    recent.id,
    '2027-02-01Z',
  ]);
});
afterAll(() => t.close());

const activity = async () => {
  const res = await t.as(admin, {
    method: 'POST',
    url: '/api/activity-report',
    payload: { fromDate: '2025-11-01', toDate: '2026-04-30' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const statistics = async (id: number, type = 'smtp') => {
  const res = await t.as(admin, { method: 'GET', url: `/api/${type}_campaign_statistics/${id}/overall/0` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().overallStats;
};

describe('the retention run', () => {
  let before: { report: unknown; stats: Record<string, unknown>[] };
  let monthRows: Record<string, unknown>[];
  let run: Awaited<ReturnType<typeof runRetention>>;

  beforeAll(async () => {
    before = { report: await activity(), stats: await Promise.all(h.campaigns.map((c) => statistics(c.id, c.type))) };
    monthRows = await q('select * from events_2025_12 order by id');
    run = await runRetention(t.ctx, NOW);
  });

  it('archives and drops exactly the partitions past the settings, and keeps a busy one', async () => {
    expect(run.archived.map((a) => a.partition).sort()).toEqual([
      `campaign_recipients_${archived.id}`,
      'events_2025_12',
    ]);
    expect(run.skipped).toEqual([
      { partition: 'events_2025_11', why: 'it holds events of a campaign that is not finished' },
    ]);
    const events = await partitions('events');
    expect(events).not.toContain('events_2025_12');
    expect(events).toEqual(expect.arrayContaining(['events_2025_11', 'events_2026_01', 'events_2026_03']));
    const kept = await partitions('campaign_recipients');
    expect(kept).toContain(`campaign_recipients_${recent.id}`);
    expect(kept).not.toContain(`campaign_recipients_${archived.id}`);
    const [c] = await q<{ at: Date | null }>('select recipients_archived_at as at from campaigns where id = $1', [
      archived.id,
    ]);
    expect(c!.at).not.toBeNull();
  });

  it('writes every row of a partition to its file, readable as CSV', async () => {
    expect(monthRows.length).toBeGreaterThan(0);
    const rows = readArchive('events/events_2025_12.csv.gz');
    expect(rows).toHaveLength(monthRows.length);
    expect(rows.map((r) => r.id)).toEqual(monthRows.map((r) => String(r.id)));
    expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['at', 'kind', 'campaign_id', 'email_id']));
    const people = readArchive(`recipients/campaign_recipients_${archived.id}.csv.gz`);
    expect(people.map((r) => r.email).sort()).toEqual(['ann@old.test', 'ben@old.test', 'cid@old.test']);
    const mode = fs.statSync(path.join(t.ctx.env.ARCHIVE_DIR, 'events/events_2025_12.csv.gz')).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('leaves the reports and the statistics as they were', async () => {
    expect(await activity()).toEqual(before.report);
    expect(await Promise.all(h.campaigns.map((c) => statistics(c.id, c.type)))).toEqual(before.stats);
  });

  it('lists the archives and says where raw events end, to administrators only', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/retention' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      eventsMonths: 13,
      recipientsDays: 90,
      archiveDir: t.ctx.env.ARCHIVE_DIR,
      eventsArchivedBefore: '2026-01-01T00:00:00.000Z',
      lastRunError: 'events_2025_11: it holds events of a campaign that is not finished',
    });
    expect(body.archives).toHaveLength(2);
    expect(body.archives.find((a: { kind: string }) => a.kind === 'recipients')).toMatchObject({
      partition: `campaign_recipients_${archived.id}`,
      rows: 3,
      campaignId: archived.id,
      file: `recipients/campaign_recipients_${archived.id}.csv.gz`,
    });
    expect((await t.as(user, { method: 'GET', url: '/api/retention' })).statusCode).toBe(403);
  });

  it('runs again with nothing new to do', async () => {
    const again = await runRetention(t.ctx, NOW);
    expect(again.archived).toEqual([]);
    expect(again.skipped.map((s) => s.partition)).toEqual(['events_2025_11']);
  });

  it('loads an archive back into a table of its own', async () => {
    const client = await t.ctx.db.$client.connect();
    try {
      const file = path.join(t.ctx.env.ARCHIVE_DIR, 'events/events_2025_12.csv.gz');
      expect(await loadArchive(client, file, 'look_2025_12')).toBe(monthRows.length);
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from look_2025_12 where campaign_id::int = any($1::int[])`,
        [h.campaigns.map((c) => c.id)],
      );
      expect(rows[0]!.n).toBe(monthRows.length);
    } finally {
      client.release();
    }
  });

  it('loads an archive back with npm run archive:load', async () => {
    const file = path.join(t.ctx.env.ARCHIVE_DIR, `recipients/campaign_recipients_${archived.id}.csv.gz`);
    const p = t.ctx.db.$client.options;
    const url = `postgres://${p.user}@${p.host ?? '127.0.0.1'}:${p.port ?? 5432}/${p.database}`;
    const cli = path.resolve(import.meta.dirname, '../../archive-load.ts');
    const { stdout } = await promisify(execFile)(process.execPath, [cli, file, 'look_people'], {
      env: { ...process.env, DATABASE_URL: p.connectionString ?? url, DATA_DIR: t.dataDir },
    });
    expect(stdout).toContain('Loaded 3 rows into table "look_people".');
    expect((await q<{ n: number }>('select count(*)::int as n from look_people'))[0]!.n).toBe(3);
  });
});

describe("an archived campaign's links", () => {
  const hit = (kind: 'o' | 'c' | 'u', emailId: number, method: 'GET' | 'POST' = 'GET') =>
    t.app.inject({ method, url: `/t/${kind}/${smtpTrackingId(t, archived.id, emailId)}` });
  const counters = () =>
    q<{ opens: number; clicks: number; unsubscribes: number }>(
      `select opens, clicks, unsubscribes from campaign_counters where campaign_type = 2 and campaign_id = $1`,
      [archived.id],
    ).then((r) => r[0] ?? { opens: 0, clicks: 0, unsubscribes: 0 });

  it('answer the pixel and the redirect without counting', async () => {
    const before = await counters();
    const open = await hit('o', recipients[0]!.emailId);
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('image/gif');
    const click = await hit('c', recipients[0]!.emailId);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toMatch(/^https:\/\/offer\.example\.com\//);
    expect(await counters()).toEqual(before);
  });

  it('still unsubscribe, once', async () => {
    const email = recipients[1]!.email;
    const page = await hit('u', recipients[1]!.emailId);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(email);
    const before = await counters();
    expect((await hit('u', recipients[1]!.emailId, 'POST')).statusCode).toBe(200);
    expect((await hit('u', recipients[1]!.emailId, 'POST')).statusCode).toBe(200);
    expect(await q('select email from unsubscribers where email = $1', [email])).toHaveLength(1);
    await eventually(async () => expect((await counters()).unsubscribes).toBe(before.unsubscribes + 1));
  });

  it('show on the statistics that the recipients were archived', async () => {
    expect((await statistics(archived.id)).recipientsArchivedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await statistics(recent.id)).recipientsArchivedAt).toBeNull();
  });
});

describe('PUT /api/retention', () => {
  const put = (u: TestUser | null, payload: object) => t.as(u, { method: 'PUT', url: '/api/retention', payload });
  const settings = () =>
    q<{ e: number; r: number }>('select events_months as e, recipients_days as r from console_settings');

  it('saves both numbers (administrators)', async () => {
    const res = await put(admin, { eventsMonths: 24, recipientsDays: '180' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ eventsMonths: 24, recipientsDays: 180 });
    expect(await settings()).toEqual([{ e: 24, r: 180 }]);
  });

  it.each([
    [{ eventsMonths: 0, recipientsDays: 90 }, 'eventsMonths', M.eventsMonthsRange],
    [{ eventsMonths: 121, recipientsDays: 90 }, 'eventsMonths', M.eventsMonthsRange],
    [{ eventsMonths: 'abc', recipientsDays: 90 }, 'eventsMonths', M.eventsMonthsInt],
    [{ eventsMonths: 1.5, recipientsDays: 90 }, 'eventsMonths', M.eventsMonthsInt],
    [{ eventsMonths: '', recipientsDays: 90 }, 'eventsMonths', M.eventsMonthsRequired],
    [{ eventsMonths: 13 }, 'recipientsDays', M.recipientsDaysRequired],
    [{ eventsMonths: 13, recipientsDays: 3651 }, 'recipientsDays', M.recipientsDaysRange],
    [{ eventsMonths: 13, recipientsDays: '9\u0000' }, 'recipientsDays', undefined],
    [{ eventsMonths: [13], recipientsDays: 90 }, 'eventsMonths', undefined],
  ])('refuses %j with its message and changes nothing', async (payload, field, message) => {
    const res = await put(admin, payload);
    expect(res.statusCode, res.body).toBe(422);
    if (message) expect(res.json().error[field]).toBe(message);
    expect(await settings()).toEqual([{ e: 24, r: 180 }]);
  });

  it('is refused to a user and to nobody', async () => {
    expect((await put(user, { eventsMonths: 1, recipientsDays: 1 })).statusCode).toBe(403);
    expect((await put(null, { eventsMonths: 1, recipientsDays: 1 })).statusCode).toBe(401);
    expect(await settings()).toEqual([{ e: 24, r: 180 }]);
  });
});

describe('POST /api/retention/run', () => {
  it('queues the run for an administrator, refuses a user', async () => {
    const res = await t.as(admin, { method: 'POST', url: '/api/retention/run' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: M.runQueued });
    expect((await t.as(user, { method: 'POST', url: '/api/retention/run' })).statusCode).toBe(403);
  });
});

describe("bounce reports' raw text (decision 1443)", () => {
  const DAY = 86_400_000;
  let ids: number[];

  beforeAll(async () => {
    const res = await t.as(user, {
      method: 'POST',
      url: '/api/bounce_mailboxes',
      payload: { name: 'r', host: '127.0.0.1', port: 143, security: 'plain', username: 'u', password: 'p' },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Reports as the mailbox job stores them, read 100, 91 and 10 days before the run.
    ids = [];
    for (const [uid, age] of [
      [1, 100],
      [2, 91],
      [3, 10],
    ] as const) {
      const [row] = await q<{ id: number }>(
        `insert into bounce_reports (mailbox_id, user_id, uid_validity, uid, kind, format, outcome, size, raw, created_at)
         values ($1, $2, 1, $3, 'dsn', 'rfc3464', 'permanent', 5, 'hello', $4) returning id`,
        [res.json().id, user.id, uid, new Date(NOW.getTime() - age * DAY)],
      );
      ids.push(Number(row!.id));
    }
  });

  const detail = async (id: number) => {
    const res = await t.as(user, { method: 'GET', url: `/api/bounce_reports/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { raw: string | null; rawPurgedAt: string | null; rawKeptUntil: string | null };
  };

  it('keeps the raw text for the setting (90 days by default), then removes it and says when; the rows stay', async () => {
    expect(await q(`select reports_days as d from console_settings`)).toEqual([{ d: 90 }]);
    expect(await detail(ids[0]!)).toMatchObject({
      raw: 'hello',
      rawPurgedAt: null,
      rawKeptUntil: new Date(NOW.getTime() - 10 * DAY).toISOString(),
    });
    const run = await runRetention(t.ctx, NOW);
    expect(run.reportsPurged).toBe(2);
    for (const id of ids.slice(0, 2))
      expect(await detail(id)).toMatchObject({
        raw: null,
        rawPurgedAt: expect.stringMatching(/^20\d\d-/),
        rawKeptUntil: null,
      });
    expect(await detail(ids[2]!)).toMatchObject({ raw: 'hello', rawPurgedAt: null });
    expect(await q(`select count(*)::int as n from bounce_reports where id = any($1)`, [ids])).toEqual([{ n: 3 }]);
    // a second run finds nothing more to remove
    expect((await runRetention(t.ctx, NOW)).reportsPurged).toBe(0);
  });

  it('takes the days from PUT /api/retention (optional: a body without them keeps them)', async () => {
    const put = (payload: object) => t.as(admin, { method: 'PUT', url: '/api/retention', payload });
    for (const [reportsDays, message] of [
      [0, M.reportsDaysRange],
      [3651, M.reportsDaysRange],
      ['x', M.reportsDaysInt],
      [null, M.reportsDaysRequired],
    ] as const) {
      const res = await put({ eventsMonths: 13, recipientsDays: 90, reportsDays });
      expect([res.statusCode, res.json().error?.reportsDays]).toEqual([422, message]);
    }
    expect((await put({ eventsMonths: 13, recipientsDays: 90, reportsDays: 5 })).json()).toMatchObject({
      reportsDays: 5,
    });
    expect((await put({ eventsMonths: 13, recipientsDays: 90 })).json()).toMatchObject({ reportsDays: 5 });
    expect((await runRetention(t.ctx, NOW)).reportsPurged).toBe(1);
    expect(await detail(ids[2]!)).toMatchObject({ raw: null });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadContext } from '@console/shared/enums';
import { hashPassword } from '@console/server/src/core/passwords.ts';
import { createTestApp, type TestApp } from '@console/server/test/harness.ts';
import { HISTORY, writeHistory } from './campaigns.ts';
import type { WarmupRelay } from '@console/shared/warmup-plans';
import { LOGINS, seed, uploadList, YAHOO_WARMUP, type Seeded } from './seed.ts';

/*
 * Issue 38 item 6: the demo's 30 days of history read on the screens a person reads (the API routes behind
 * them): every finished campaign with its Total, start and end, a per-service table of real mail services,
 * the Mail Services report without "Unknown", the dashboard's Total never below its Sent, the Activity
 * report with figures on each of the 30 days; and the relay indicators made on the demo's first run.
 */

let t: TestApp;
let s: Seeded;
const DAY = 86_400_000;

type Hydra<T> = { 'hydra:member': T[] };
interface Row {
  id: number;
  name: string;
  status: number;
  startDate: string | null;
  endDate: string | null;
}

beforeAll(async () => {
  t = await createTestApp({ env: { DEMO: 'true' } });
  // The demo's administrator, as its console makes it from ADMIN_EMAIL and ADMIN_PASSWORD.
  const admin = await t.user({ admin: true, username: 'admin' });
  await t.ctx.db.$client.query('update users set email = $2, password_hash = $3 where id = $1', [
    admin.id,
    LOGINS.admin.email,
    await hashPassword(LOGINS.admin.password),
  ]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const unused = { smtpPort: 1, httpPort: 1, sshPort: 1 };
  s = await seed({
    baseUrl,
    trackerHost: baseUrl,
    receiverPort: 1,
    sims: [unused, unused],
    sshPassword: 'unused',
    listSize: 400,
    log: () => {},
  });
  for (const l of s.lists) await uploadList(s.admin, l);
  for (;;) {
    const busy = await s.admin.get<unknown[]>(`/upload_files?type=${UploadContext.emails}`);
    if (busy.length === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  await writeHistory(s, t.ctx.databaseUrl, () => {});
}, 240_000);

afterAll(() => t?.close());

const campaigns = async () => [
  ...(await s.admin.get<Hydra<Row>>('/smtp_campaigns?pagination=false'))['hydra:member'].map((c) => ({
    ...c,
    type: 'smtp' as const,
  })),
  ...(await s.admin.get<Hydra<Row>>('/pmta_campaigns?pagination=false'))['hydra:member'].map((c) => ({
    ...c,
    type: 'pmta' as const,
  })),
];
const statistics = <T>(type: 'smtp' | 'pmta', id: number, kind: string) =>
  s.admin.get<T>(`/${type}_campaign_statistics/${id}/${kind}/0`);
const day = (t: number) => new Date(t).toISOString().slice(0, 10);

describe("the demo's history, as the screens show it", () => {
  it('every finished campaign has its Total, start, end and a per-service table of real mail services', async () => {
    const all = await campaigns();
    expect(all).toHaveLength(HISTORY.length);
    for (const c of all) {
      expect(c.status, c.name).toBe(5); // Finished
      const { overallStats: o } = await statistics<{
        overallStats: {
          total: number;
          processed: number;
          delivered: number;
          bounced: number;
          open: number;
          click: number;
          conversion: number;
          start: string | null;
          end: string | null;
        };
      }>(c.type, c.id, 'overall');
      expect(o.total, c.name).toBeGreaterThan(0);
      // Everyone got an outcome: delivered or bounced (the deferred ones were delivered at the next attempt).
      expect(o.delivered + o.bounced, c.name).toBe(o.total);
      expect(o.processed, c.name).toBe(o.total);
      expect(o.open, c.name).toBeGreaterThan(o.click);
      expect(o.click, c.name).toBeGreaterThanOrEqual(o.conversion);
      const start = Date.parse(o.start!);
      const end = Date.parse(o.end!);
      expect(start, c.name).toBeGreaterThan(Date.now() - 31 * DAY);
      expect(end, c.name).toBeGreaterThan(start);
      expect(end, c.name).toBeLessThan(Date.now());
      const { perProvidersStats: per } = await statistics<{
        perProvidersStats: { name: string; total: number; delivered: number }[];
      }>(c.type, c.id, 'perProviders');
      const sending = per.filter((p) => p.total > 0);
      expect(sending.length, c.name).toBeGreaterThan(0);
      expect(
        sending.reduce((n, p) => n + p.total, 0),
        c.name,
      ).toBe(o.total);
      expect(
        sending.reduce((n, p) => n + p.delivered, 0),
        c.name,
      ).toBe(o.delivered);
      for (const p of sending) expect(p.name).not.toBe('Unknown');
    }
  });

  it('the Mail Services report names real services; the Activity report has figures on each of the 30 days', async () => {
    const fromDate = day(Date.now() - 29 * DAY);
    const toDate = day(Date.now());
    const { report: services } = await s.admin.post<{ report: { provider_name: string; sent: number }[] }>(
      '/mail-provider-report',
      { fromDate, toDate },
    );
    expect(services.length).toBeGreaterThan(5);
    expect(services.map((r) => r.provider_name)).not.toContain('Unknown');
    expect(services.map((r) => r.provider_name)).toEqual(expect.arrayContaining(['Gmail', 'Yahoo', 'Outlook']));

    const { report: days } = await s.admin.post<{ report: { event_date: string; delivered: number; views: number }[] }>(
      '/activity-report',
      { fromDate, toDate },
    );
    const active = days.filter((d) => d.delivered + d.views > 0).map((d) => d.event_date.slice(0, 10));
    const wanted = Array.from({ length: 30 }, (_, i) => day(Date.now() - (29 - i) * DAY));
    expect(wanted.filter((d) => !active.includes(d))).toEqual([]);
  });

  it("the dashboard's Total (sent) is never below its Sent (delivered) in any hour", async () => {
    const speed = await s.admin.post<{ total: number[]; sent: number[]; bounce: number[] }>('/dashboard/speed', {
      type: 'overall',
    });
    expect(speed.total.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    speed.total.forEach((total, i) => expect(total).toBeGreaterThanOrEqual(speed.sent[i]! + speed.bounce[i]!));
  });

  it('the relay indicators are there on the first run, from the history', async () => {
    const rows = (
      await s.admin.get<Hydra<{ deliveredPerDay: number; mailProvider: unknown }>>(
        '/pmta_relay_indicators?pagination=false',
      )
    )['hydra:member'];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.deliveredPerDay > 0)).toBe(true);
  });
});

describe('a history cut short is written whole on the next start (issue 38)', () => {
  it('writing it again keeps what is whole and writes again the campaign that was cut short', async () => {
    const sql = t.ctx.db.$client;
    const count = async () =>
      (
        await sql.query<{ campaigns: number; recipients: number }>(
          `select (select count(*)::int from campaigns) as campaigns,
                  (select count(*)::int from campaign_recipients) as recipients`,
        )
      ).rows[0]!;
    const whole = await count();
    // The last campaign stopped while its outcomes were being written: its end never set.
    const last = HISTORY.at(-1)!;
    const cut = (await sql.query<{ id: number }>(`select id from campaigns where name = $1`, [last.name])).rows[0]!.id;
    await sql.query(`update campaigns set end_date = null where id = $1`, [cut]);

    const sent = await writeHistory(s, t.ctx.databaseUrl, () => {});
    expect(sent).toBeGreaterThan(0); // the cut one again, and only it
    expect(await count()).toEqual(whole);
    const again = (
      await sql.query<{ id: number; end_date: Date | null }>(`select id, end_date from campaigns where name = $1`, [
        last.name,
      ])
    ).rows;
    expect(again).toHaveLength(1);
    expect(again[0]!.id).not.toBe(cut);
    expect(again[0]!.end_date).not.toBeNull();
    // Once whole, a further start writes nothing.
    expect(await writeHistory(s, t.ctx.databaseUrl, () => {})).toBe(0);
  }, 240_000);

  it("alice's second PMTA relay is on day 1 of the Yahoo warm-up plan, with Yahoo's allowance alone (decision 1471)", async () => {
    const [first, second] = s.pmtaRelays.filter((r) => r.owner === 'alice');
    const page = await s.users.alice.get<WarmupRelay>(`/warmup_plans/relays/pmta/${second!.id}`);
    expect(page.plan).toMatchObject({ name: YAHOO_WARMUP.name, days: YAHOO_WARMUP.services[0]!.perDay.length });
    expect(page.day).toBe(1);
    expect(page.today).toEqual([
      {
        mailProvider: expect.objectContaining({ name: 'Yahoo' }),
        perDay: 2400,
        perHour: 100,
        used: expect.any(Number),
      },
    ]);
    expect((await s.users.alice.get<WarmupRelay>(`/warmup_plans/relays/pmta/${first!.id}`)).plan).toBeNull();
  });
});

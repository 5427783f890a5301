import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { expectAccess } from '../../../test/access.ts';
import { trigramIndexes } from '../../../test/plans.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordHardBounces, type HardBounce } from '../../suppression/bounced.ts';
import { revalidate } from '../../suppression/validity.ts';

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  admin = await t.user({ admin: true });
});
afterAll(() => t.close());

const q = (text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows);
const get = (url: string, u: TestUser = admin) => t.as(u, { method: 'GET', url: `/api/${url}` });
const bounce = (bounces: HardBounce[]) => inTransaction(t.ctx.db, (client) => recordHardBounces(client, bounces));
const hard = (email: string, o: Partial<HardBounce> = {}): HardBounce => ({
  email,
  reason: 'bad-mailbox',
  diagnostic: '550 5.1.1 User unknown',
  campaignId: 0,
  relayId: null,
  ...o,
});
const ids = async (emails: string[]) =>
  (await q('select id from bounced_emails where email = any($1) order by email', [emails])).map((r) => r.id as number);
/** Valid e-mails of a list, by counter and by a direct count (they must agree). */
async function valid(listId: number) {
  const [r] = await q(
    `select l.valid_counter, (select count(*) from emails e where e.email_list_id = l.id and e.valid)::int as n
       from email_lists l where l.id = $1`,
    [listId],
  );
  expect(r.valid_counter).toBe(r.n);
  return r.n as number;
}

describe('recording hard bounces', () => {
  it('keeps one row per address: the first and last bounce, the count, the last reason, campaign and relay', async () => {
    const c = await make.smtpCampaign({ name: 'Spring sale' });
    expect(await bounce([hard('rec@bounce-a.example', { at: new Date('2026-01-01T10:00:00Z') })])).toEqual([
      'rec@bounce-a.example',
    ]);
    // Twice in one batch, and again later: the address is not new any more.
    const again = await bounce([
      hard('rec@bounce-a.example', { at: new Date('2026-01-02T10:00:00Z'), campaignId: c.id, relayId: 5 }),
      hard('rec@bounce-a.example', {
        at: new Date('2026-01-02T10:00:00Z'),
        reason: 'inactive-mailbox',
        campaignId: c.id,
      }),
    ]);
    expect(again).toEqual([]);
    expect(
      await q(
        `select reason, first_bounce_at, last_bounce_at, count, campaign_id, relay_id from bounced_emails where email = $1`,
        ['rec@bounce-a.example'],
      ),
    ).toEqual([
      {
        reason: 'inactive-mailbox',
        first_bounce_at: new Date('2026-01-01T10:00:00Z'),
        last_bounce_at: new Date('2026-01-02T10:00:00Z'),
        count: 3,
        campaign_id: c.id,
        relay_id: null,
      },
    ]);
  });
});

describe('Bounced Emails (administrators)', () => {
  it('lists the last bounced first with campaign and relay, searches by e-mail and reason, pages', async () => {
    const owner = await t.user();
    const c = await make.smtpCampaign({ owner, name: 'Autumn' });
    await bounce([
      hard('one@list-b.example', { at: new Date('2026-02-01T00:00:00Z') }),
      hard('two@list-b.example', { at: new Date('2026-02-02T00:00:00Z'), reason: 'bad-domain', campaignId: c.id }),
      hard('three@list-b.example', { at: new Date('2026-02-03T00:00:00Z'), diagnostic: 'x'.repeat(5000) }),
    ]);
    const res = await get('bounced_emails?email.email=LIST-B.example');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body['hydra:totalItems']).toBe(3);
    expect(body['hydra:member'].map((r: { email: string }) => r.email)).toEqual([
      'three@list-b.example',
      'two@list-b.example',
      'one@list-b.example',
    ]);
    expect(body['hydra:member'][0].diagnostic).toHaveLength(1000); // bounded when recorded
    expect(body['hydra:member'][1]).toEqual({
      id: expect.any(Number),
      email: 'two@list-b.example',
      reason: 'bad-domain',
      diagnostic: '550 5.1.1 User unknown',
      firstBounceAt: '2026-02-02T00:00:00.000Z',
      lastBounceAt: '2026-02-02T00:00:00.000Z',
      count: 1,
      campaign: { id: c.id, name: 'Autumn' },
      relay: null,
    });
    const page2 = (await get('bounced_emails?email.email=list-b&itemsPerPage=2&_page=2')).json();
    expect([page2['hydra:totalItems'], page2['hydra:member'].map((r: { email: string }) => r.email)]).toEqual([
      3,
      ['one@list-b.example'],
    ]);
    const byReason = (await get('bounced_emails?reason=bad-domain&email.email=list-b')).json();
    expect(byReason['hydra:member'].map((r: { email: string }) => r.email)).toEqual(['two@list-b.example']);
    const sorted = (await get('bounced_emails?email.email=list-b&order[email]=asc')).json();
    expect(sorted['hydra:member'].map((r: { email: string }) => r.email)).toEqual([
      'one@list-b.example',
      'three@list-b.example',
      'two@list-b.example',
    ]);
    const [id] = await ids(['one@list-b.example']);
    expect((await get(`bounced_emails/${id}`)).json()).toMatchObject({ id, email: 'one@list-b.example' });
    expect((await get('bounced_emails/999999')).json()).toEqual({ error: 'Bounced e-mail not found.' });
    expect((await get('bounced_emails?email.email=nothing-like-it')).json()).toEqual({
      'hydra:member': [],
      'hydra:totalItems': 0,
    });
  });

  it('keeps the whole list’s total in row_counts, exact through bounces and lifts, and pages read it', async () => {
    const totals = async () =>
      (
        await q(`select (select n from row_counts where table_name = 'bounced_emails')::int as kept,
                        (select count(*) from bounced_emails)::int as counted`)
      )[0];
    await bounce([hard('k1@kept.example'), hard('k2@kept.example'), hard('k3@kept.example')]);
    await bounce([hard('k1@kept.example'), hard('k4@kept.example')]); // k1 again: updated, not a new row
    const [id] = await ids(['k2@kept.example']);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/bounced_emails/${id}` })).statusCode).toBe(204);
    const { kept, counted } = await totals();
    expect(kept).toBe(counted);
    const total = async (query = '') => (await get(`bounced_emails${query}`)).json()['hydra:totalItems'];
    expect(await total()).toBe(counted);
    // The unfiltered total is the kept one, not a count: off by 7, the page says so; a filtered page counts.
    await q(`update row_counts set n = n + 7 where table_name = 'bounced_emails'`);
    try {
      expect(await total()).toBe(counted + 7);
      expect(await total('?email.email=kept.example')).toBe(3);
    } finally {
      await q(`update row_counts set n = n - 7 where table_name = 'bounced_emails'`);
    }
  });

  it('searches the addresses through a trigram index (not read row by row at scale)', async () => {
    expect(await trigramIndexes(t, 'bounced_emails', 'email')).toEqual(['bounced_emails_email_trgm']);
  });

  it('names the relay of the campaign’s kind', async () => {
    const owner = await t.user();
    const group = await make.smtpRelayGroup({ owner });
    const relay = await make.smtpRelay({ owner, groupId: group.id });
    const c = await make.smtpCampaign({ owner, relayGroupId: group.id });
    await bounce([hard('relayed@list-r.example', { campaignId: c.id, relayId: relay.id })]);
    const [row] = (await get('bounced_emails?email.email=list-r')).json()['hydra:member'];
    expect(row.relay).toEqual({ id: relay.id, name: relay.account });
  });

  it('exports the rows the filters select as CSV, formulas defused', async () => {
    await bounce([
      hard('csv1@list-c.example', { at: new Date('2026-03-01T00:00:00Z'), diagnostic: '550 "no", really' }),
      hard('csv2@list-c.example', { at: new Date('2026-03-02T00:00:00Z'), diagnostic: '=HYPERLINK("x")' }),
    ]);
    const res = await get('bounced_emails/export?email.email=list-c&itemsPerPage=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bounced-emails.csv"');
    expect(res.body.split('\r\n')).toEqual([
      'E-mail,Reason,Diagnostic,First bounce,Last bounce,Bounces,Campaign,Relay',
      `csv2@list-c.example,bad-mailbox,"'=HYPERLINK(""x"")",2026-03-02T00:00:00.000Z,2026-03-02T00:00:00.000Z,1,,`,
      'csv1@list-c.example,bad-mailbox,"550 ""no"", really",2026-03-01T00:00:00.000Z,2026-03-01T00:00:00.000Z,1,,',
      '',
    ]);
    expect((await get('bounced_emails/export?email.email=' + 'a'.repeat(300))).statusCode).toBe(422);
  });

  it('lifts one address: its e-mails count valid again unless another rule holds them', async () => {
    const list = await make.emailList({ emails: ['lift@list-l.example', 'held@list-l.example', 'ok@list-l.example'] });
    await bounce([hard('lift@list-l.example'), hard('held@list-l.example')]);
    await inTransaction(t.ctx.db, async (client) => {
      await revalidate(client, { emails: ['lift@list-l.example', 'held@list-l.example'] });
    });
    expect(await valid(list.id)).toBe(1);
    await q(`insert into spam_emails (email, info) values ('held@list-l.example', 'trap')`);
    const [held, lift] = await ids(['held@list-l.example', 'lift@list-l.example']);
    const res = await t.as(admin, { method: 'DELETE', url: `/api/bounced_emails/${lift}` });
    expect(res.statusCode, res.body).toBe(204);
    expect(await valid(list.id)).toBe(2);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/bounced_emails/${lift}` })).json()).toEqual({
      error: 'Bounced e-mail not found.',
    });
    expect((await t.as(admin, { method: 'DELETE', url: `/api/bounced_emails/${held}` })).statusCode).toBe(204);
    expect(await valid(list.id)).toBe(2); // still a spam trap
  });

  it('lifts many at once, all or none', async () => {
    const list = await make.emailList({ emails: ['m1@list-m.example', 'm2@list-m.example'] });
    await bounce([hard('m1@list-m.example'), hard('m2@list-m.example')]);
    await inTransaction(t.ctx.db, async (client) => {
      await revalidate(client, { emails: ['m1@list-m.example', 'm2@list-m.example'] });
    });
    expect(await valid(list.id)).toBe(0);
    const both = await ids(['m1@list-m.example', 'm2@list-m.example']);
    const post = (payload: unknown) =>
      t.as(admin, { method: 'POST', url: '/api/bounced_emails/bulk_delete', payload: payload as object });
    const missing = await post({ ids: [...both, 999_998] });
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: { ids: 'Not found: 999998.' } }]);
    expect(await ids(['m1@list-m.example', 'm2@list-m.example'])).toEqual(both); // nothing lifted
    const res = await post({ ids: both });
    expect([res.statusCode, res.json()]).toEqual([200, { lifted: 2 }]);
    expect(await ids(['m1@list-m.example', 'm2@list-m.example'])).toEqual([]);
    expect(await valid(list.id)).toBe(2);
  });

  it.each([
    ['no ids', {}, 'Select at least one e-mail.'],
    ['an empty list', { ids: [] }, 'Select at least one e-mail.'],
    ['a string', { ids: 'x' }, 'Select at least one e-mail.'],
    ['a hex id', { ids: ['0x10'] }, 'Bounced e-mail not found.'],
    ['a fraction', { ids: [1.5] }, 'Bounced e-mail not found.'],
    ['a NUL byte', { ids: ['1\u0000'] }, 'Must not contain a NUL character.'],
    ['1001 ids', { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'At most 1000 e-mails at once.'],
  ])('refuses a bulk lift with %s', async (_, payload, message) => {
    await bounce([hard('kept@list-k.example')]);
    const res = await t.as(admin, { method: 'POST', url: '/api/bounced_emails/bulk_delete', payload });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await ids(['kept@list-k.example'])).toHaveLength(1);
  });

  it.each(['abc', '0x10', '1e1', '2147483648', '-1'])('answers a malformed id %j with a 4xx', async (id) => {
    for (const [method, url] of [
      ['GET', `/api/bounced_emails/${id}`],
      ['DELETE', `/api/bounced_emails/${id}`],
    ] as const) {
      const res = await t.as(admin, { method, url });
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
  });

  it.each([
    ['GET', '/api/bounced_emails'],
    ['GET', '/api/bounced_emails/export'],
    ['GET', '/api/bounced_emails/:id'],
    ['DELETE', '/api/bounced_emails/:id'],
    ['POST', '/api/bounced_emails/bulk_delete'],
  ] as const)('%s %s is for administrators only', async (method, url) => {
    await bounce([hard('guarded@list-g.example')]);
    const [id] = await ids(['guarded@list-g.example']);
    await expectAccess(t, { method, url, admin: true, owned: async () => id!, payload: { ids: [id] } });
    expect(await ids(['guarded@list-g.example'])).toEqual([id]); // the refusals changed nothing
  });
});

describe('the migration', () => {
  it('moves the spam traps that were hard bounces to Bounced Emails, keeping the real traps', async () => {
    const list = await make.emailList({ emails: ['old@mig.example', 'trap@mig.example', 'fine@mig.example'] });
    await q(
      `insert into spam_emails (email, info, created_at) values
         ('old@mig.example', 'bounce: bad-mailbox', '2026-01-05T00:00:00Z'), ('trap@mig.example', 'trap', now())`,
    );
    await inTransaction(t.ctx.db, async (client) => {
      await revalidate(client, { emails: ['old@mig.example', 'trap@mig.example'] });
    });
    expect(await valid(list.id)).toBe(1);
    const dir = new URL('../../db/migrations/', import.meta.url);
    const file = fs.readdirSync(dir).find((f) => f.endsWith('_bounced_emails.sql'))!;
    // Its data statements (the table exists already): the INSERT ... SELECT and the DELETE.
    for (const statement of fs.readFileSync(new URL(file, dir), 'utf8').split('--> statement-breakpoint')) {
      const code = statement.replace(/^\s*--.*$/gm, '').trim();
      if (/^(insert|delete)/i.test(code)) await q(code);
    }
    expect(await q(`select email, info from spam_emails where email like '%@mig.example'`)).toEqual([
      { email: 'trap@mig.example', info: 'trap' },
    ]);
    expect(
      await q(`select email, reason, first_bounce_at, count from bounced_emails where email like '%@mig.example'`),
    ).toEqual([
      { email: 'old@mig.example', reason: 'bad-mailbox', first_bounce_at: new Date('2026-01-05T00:00:00Z'), count: 1 },
    ]);
    expect(await valid(list.id)).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BounceMailboxMessages as M } from '@console/shared/bounce-mailboxes';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { open } from '../../core/sealed.ts';

/*
 * The bounce mailbox routes (issue 39 section 2, decision 1380): the owner's mailboxes, a sealed
 * password never sent back, servers of the owner only, "Check now" queued, the reports read scoped to
 * their owner. The reading itself: mailbox-check.test.ts, against Dovecot.
 */

let t: TestApp;
let make: ReturnType<typeof factories>;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  make = factories(t);
  admin = await t.user({ admin: true });
});
afterAll(() => t.close());

const q = <T>(text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows as T[]);
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Bounces',
  host: 'imap.example.com',
  username: 'bounces@example.com',
  password: 'p4ss word',
  ...over,
});
const snapshot = () =>
  q(`select (select json_agg(m order by id) from bounce_mailboxes m) as m,
            (select json_agg(s order by mailbox_id, smtp_server_id) from bounce_mailbox_servers s) as s`);

async function create(u: TestUser, over: Record<string, unknown> = {}) {
  const res = await t.as(u, { method: 'POST', url: '/api/bounce_mailboxes', payload: body(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number } & Record<string, unknown>;
}

/** A report row of `owner`'s mailbox, as the check stores it. */
async function report(owner: TestUser) {
  const m = await create(owner);
  const [r] = await q<{ id: number }>(
    `insert into bounce_reports (mailbox_id, user_id, uid_validity, uid, kind, format, outcome, size, raw, subject)
     values ($1, $2, 1, 1, 'dsn', 'rfc3464', 'permanent', 5, 'hello'::bytea, 'Undelivered') returning id`,
    [m.id, owner.id],
  );
  return r!.id;
}

describe('bounce mailboxes', () => {
  it('creates with TLS on 993, INBOX and a sealed password never sent back; edits keep a blank password', async () => {
    const alice = await t.user();
    const server = await make.smtpServer({ owner: alice });
    const m = await create(alice, { smtpServers: [server.id], user: admin.id });
    expect(m).toMatchObject({
      port: 993,
      security: 'tls',
      folder: 'INBOX',
      active: true,
      hasPassword: true,
      smtpServers: [{ id: server.id, name: server.name }],
      user: { id: alice.id },
      checkedAt: null,
      error: null,
      readCount: 0,
    });
    expect(m).not.toHaveProperty('password');
    const [row] = await q<{ password_enc: string }>('select password_enc from bounce_mailboxes where id = $1', [m.id]);
    expect(row!.password_enc).not.toContain('p4ss');
    expect(open(t.ctx.secret, row!.password_enc)).toBe('p4ss word');

    const put = await t.as(alice, {
      method: 'PUT',
      url: `/api/bounce_mailboxes/${m.id}`,
      payload: {
        ...body({ name: 'Renamed', port: 143, security: 'starttls', folder: 'Bounces', active: false }),
        password: '',
        smtpServers: [],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Renamed',
      port: 143,
      security: 'starttls',
      smtpServers: [],
      hasPassword: true,
    });
    const [kept] = await q<{ password_enc: string }>('select password_enc from bounce_mailboxes where id = $1', [m.id]);
    expect(open(t.ctx.secret, kept!.password_enc)).toBe('p4ss word');

    const list = await t.as(alice, { method: 'GET', url: '/api/bounce_mailboxes?name=renam' });
    expect(list.json()['hydra:member'].map((x: { id: number }) => x.id)).toEqual([m.id]);
    const check = await t.as(alice, { method: 'POST', url: `/api/bounce_mailboxes/${m.id}/check` });
    expect([check.statusCode, check.json()]).toEqual([202, { message: M.checkQueued }]);
    const del = await t.as(alice, { method: 'DELETE', url: `/api/bounce_mailboxes/${m.id}` });
    expect(del.statusCode).toBe(204);
    expect(await q('select id from bounce_mailboxes where id = $1', [m.id])).toEqual([]);
  });

  it("refuses another owner's SMTP server and changes nothing", async () => {
    const alice = await t.user();
    const bob = await t.user();
    const theirs = await make.smtpServer({ owner: bob });
    const before = await snapshot();
    const res = await t.as(alice, {
      method: 'POST',
      url: '/api/bounce_mailboxes',
      payload: body({ smtpServers: [theirs.id] }),
    });
    expect([res.statusCode, res.json().error]).toEqual([422, { smtpServers: M.serverNotOwners }]);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [{ name: '' }, { name: M.nameRequired }],
    [{ host: '' }, { host: M.hostRequired }],
    [{ host: 'imap.example.com/x' }, { host: M.hostInvalid }],
    [{ host: 'a'.repeat(201) }, { host: 'Host must be no longer than 200 characters.' }],
    [{ port: 'x' }, { port: 'Port must be integer.' }],
    [{ port: 70000 }, { port: 'Port must be between 1 and 65535.' }],
    [{ security: 'ssl' }, { security: M.securityInvalid }],
    [{ username: '' }, { username: M.userRequired }],
    [{ password: '' }, { password: M.passwordRequired }],
    [{ folder: '' }, { folder: M.folderRequired }],
    [{ folder: 'IN\tBOX' }, { folder: M.folderInvalid }],
    [{ smtpServers: ['x'] }, { 'smtpServers.0': M.serverNotOwners }],
  ])('refuses %j with its message and changes nothing', async (over, error) => {
    const alice = await t.user();
    const before = await snapshot();
    const res = await t.as(alice, { method: 'POST', url: '/api/bounce_mailboxes', payload: body(over) });
    expect([res.statusCode, res.json().error]).toEqual([422, error]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const alice = await t.user();
    const m = await create(alice);
    const before = await snapshot();
    for (const [method, url, payload] of [
      ['POST', '/api/bounce_mailboxes', body({ name: 'a\u0000b' })],
      ['POST', '/api/bounce_mailboxes', body({ username: 'x'.repeat(300) })],
      ['POST', '/api/bounce_mailboxes', body({ active: 'yes' })],
      ['POST', '/api/bounce_mailboxes', [1, 2]],
      ['PUT', '/api/bounce_mailboxes/0x10', body()],
      ['PUT', `/api/bounce_mailboxes/${m.id}`, body({ folder: 5 })],
      ['DELETE', '/api/bounce_mailboxes/1e1', undefined],
      ['POST', '/api/bounce_mailboxes/99999999999/check', undefined],
      ['GET', '/api/bounce_reports/-1', undefined],
      ['GET', '/api/bounce_reports?outcome=lost', undefined],
    ] as const) {
      const res = await t.as(alice, { method, url, payload: payload as object });
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['GET', '/api/bounce_mailboxes/:id'],
    ['PUT', '/api/bounce_mailboxes/:id'],
    ['DELETE', '/api/bounce_mailboxes/:id'],
    ['POST', '/api/bounce_mailboxes/:id/check'],
  ] as const)("%s %s: another user's mailbox is missing and untouched", async (method, url) => {
    await expectAccess(t, {
      method,
      url,
      owned: async (owner) => (await create(owner)).id,
      payload:
        method === 'PUT'
          ? body({ port: 993, security: 'tls', folder: 'INBOX', active: true, smtpServers: [] })
          : undefined,
    });
  });

  it("lists and shows only the owner's reports, the raw bytes on the detail", async () => {
    const alice = await t.user();
    const bob = await t.user();
    const id = await report(alice);
    const mine = await t.as(alice, { method: 'GET', url: '/api/bounce_reports?outcome=permanent' });
    expect(mine.json()['hydra:member'].map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await t.as(bob, { method: 'GET', url: '/api/bounce_reports' })).json()['hydra:totalItems']).toBe(0);
    const one = await t.as(alice, { method: 'GET', url: `/api/bounce_reports/${id}` });
    expect(one.json()).toMatchObject({ id, raw: 'hello', outcome: 'permanent', kind: 'dsn', campaign: null });
    await expectAccess(t, { method: 'GET', url: '/api/bounce_reports/:id', owned: report });
    const all = await t.as(admin, { method: 'GET', url: `/api/bounce_reports?user.id=${alice.id}` });
    expect(all.json()['hydra:totalItems']).toBe(1);
  });
});

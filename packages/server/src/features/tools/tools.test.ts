import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignType } from '@console/shared/enums';
import {
  LOG_ENTRIES_MAX,
  ToolsMessages as M,
  UUID_FIELD_MAX,
  type AddressHistory,
  type UuidDecoded,
} from '@console/shared/tools';
import { NUL_MESSAGE } from '../../core/input-guard.ts';
import { expectAccess } from '../../../test/access.ts';
import { factories } from '../../../test/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { decodeTrackingId, encodeTrackingId } from '../../tracking/uuid.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordHardBounces } from '../../suppression/bounced.ts';
import { recordSoftBounces, resetSoftBounces } from '../../suppression/soft-bounces.ts';

/* The administrators' tools against real PostgreSQL: access, the spec's messages, round-trips, history, log. */

let t: TestApp;
let f: ReturnType<typeof factories>;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  admin = await t.user({ admin: true });
});
afterAll(async () => {
  await t?.close();
});

const call = (url: string, payload?: object, as: TestUser = admin) =>
  t.as(as, { method: payload === undefined ? 'GET' : 'POST', url: `/api/${url}`, payload });
const ok = async <T>(url: string, payload?: object) => {
  const res = await call(url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const error = async (url: string, payload: object, status = 422) => {
  const res = await call(url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json().error as unknown;
};
const db = () => t.ctx.db.$client;
const NOTHING_HAPPENED = {
  softBounces: { count: 0, limit: 5, days: 30, last: null },
  bounced: null,
  complaints: 0,
  lastComplaint: null,
  lastDelivery: null,
};

describe('access', () => {
  it.each([
    ['uuid-decode', { uuid: 'A'.repeat(22) }],
    ['uuid-encode', { campaignType: 1, campaignId: 1, relayId: 1, emailId: 1 }],
    ['email-id-decode', { emailId: 1 }],
    ['email-id-encode', { email: 'a@example.com' }],
    ['ip-history', { ip: '10.0.0.1' }],
    ['domain-history', { domainName: 'example.com' }],
    ['log-sources', undefined],
    ['log-entries', {}],
  ])('%s: administrators only (401 without a token, 403 for a user)', async (url, payload) => {
    await expectAccess(t, { method: payload ? 'POST' : 'GET', url: `/api/${url}`, admin: true, payload });
  });

  it('an ordinary user learns nothing: the refusal comes before the decoding', async () => {
    const user = await t.user();
    const uuid = encodeTrackingId(t.ctx.secret, { campaignType: 'smtp', campaignId: 1, relayId: 2, emailId: 3 });
    const res = await call('uuid-decode', { uuid }, user);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('campaignId');
  });
});

describe('UUID decoder and encoder', () => {
  const encode = async (v: object) => (await ok<{ encoded: string }>('uuid-encode', v)).encoded;
  const decode = (uuid: string) => ok<UuidDecoded>('uuid-decode', { uuid });

  it('encode then decode gives the input back, for random values and the fields’ edges', async () => {
    const random = (max: number) => Math.floor(Math.random() * (max + 1));
    const cases = [
      { campaignType: 1, campaignId: 0, relayId: 0, emailId: 0 },
      { campaignType: 2, ...UUID_FIELD_MAX },
      ...Array.from({ length: 100 }, () => ({
        campaignType: 1 + random(1),
        campaignId: random(UUID_FIELD_MAX.campaignId),
        relayId: random(UUID_FIELD_MAX.relayId),
        emailId: random(UUID_FIELD_MAX.emailId),
      })),
    ];
    for (const c of cases) {
      const uuid = await encode(c);
      expect(uuid).toMatch(/^[A-Za-z0-9_-]{22}$/);
      // Form fields arrive as text: the same id.
      expect(await encode(Object.fromEntries(Object.entries(c).map(([k, v]) => [k, ` ${v} `])))).toBe(uuid);
      expect((await decode(uuid)).decoded).toEqual(c);
    }
  });

  it('decodes what the engine encodes, and names nothing that does not exist', async () => {
    const uuid = encodeTrackingId(t.ctx.secret, {
      campaignType: 'pmta',
      campaignId: 4_000_000_000,
      relayId: 3_000_000_000,
      emailId: 2 ** 40,
    });
    expect(await decode(uuid)).toEqual({
      decoded: { campaignType: CampaignType.PMTA, campaignId: 4_000_000_000, relayId: 3_000_000_000, emailId: 2 ** 40 },
      campaign: null,
      relay: null,
      email: null,
    });
  });

  it("answers the spec's type numbers (1 PMTA, 2 SMTP), also for ids made before them (version 1)", async () => {
    const owner = await t.user();
    const smtp = await f.smtpCampaign({ owner });
    const pmta = await f.pmtaCampaign({ owner });
    const relay = await f.pmtaRelay({ owner, smtpHost: 'kind.tools-test.example.com' });
    for (const version of [1, 2]) {
      const ofSmtp = encodeTrackingId(
        t.ctx.secret,
        { campaignType: 'smtp', campaignId: smtp.id, relayId: 1, emailId: 1 },
        version,
      );
      expect((await decode(ofSmtp)).decoded.campaignType, `v${version}`).toBe(CampaignType.SMTP);
      expect((await decode(ofSmtp)).campaign).toEqual({ id: smtp.id, name: smtp.name });
      const ofPmta = encodeTrackingId(
        t.ctx.secret,
        { campaignType: 'pmta', campaignId: pmta.id, relayId: relay.id, emailId: 1 },
        version,
      );
      expect(await decode(ofPmta)).toMatchObject({
        decoded: { campaignType: CampaignType.PMTA, campaignId: pmta.id },
        campaign: { id: pmta.id, name: pmta.name },
        relay: { id: relay.id, name: 'kind.tools-test.example.com' },
      });
    }
    // The encoder takes the same numbers and makes a version-2 id.
    const made = await encode({ campaignType: CampaignType.PMTA, campaignId: pmta.id, relayId: relay.id, emailId: 1 });
    expect(decodeTrackingId(t.ctx.secret, made)).toEqual({
      campaignType: 'pmta',
      campaignId: pmta.id,
      relayId: relay.id,
      emailId: 1,
    });
    expect(made).toBe(
      encodeTrackingId(t.ctx.secret, { campaignType: 'pmta', campaignId: pmta.id, relayId: relay.id, emailId: 1 }),
    );
  });

  it('names a deleted PMTA relay by its SMTP host from the relay history', async () => {
    const relay = await f.pmtaRelay({ smtpHost: 'gone.tools-test.example.com' });
    await db().query('delete from pmta_relays where id = $1', [relay.id]);
    const uuid = encodeTrackingId(t.ctx.secret, { campaignType: 'pmta', campaignId: 1, relayId: relay.id, emailId: 1 });
    expect((await decode(uuid)).relay).toEqual({ id: relay.id, name: 'gone.tools-test.example.com' });
  });

  it('a forged or altered UUID answers a clear message, never a 500', async () => {
    const good = encodeTrackingId(t.ctx.secret, { campaignType: 'smtp', campaignId: 5, relayId: 6, emailId: 7 });
    const forged = [
      ...Array.from({ length: 21 }, (_, i) => good.slice(0, i) + (good[i] === 'A' ? 'B' : 'A') + good.slice(i + 1)),
      crypto.randomBytes(16).toString('base64url'),
      encodeTrackingId(crypto.randomBytes(32), { campaignType: 'smtp', campaignId: 5, relayId: 6, emailId: 7 }),
    ];
    for (const uuid of forged) {
      // About one forgery in 30,000 passes the check byte (decision 0800): then it decodes, to noise.
      const passes = decodeTrackingId(t.ctx.secret, uuid) !== null;
      const res = await call('uuid-decode', { uuid });
      expect(res.statusCode, uuid).toBe(passes ? 200 : 422);
      if (!passes) expect(res.json()).toEqual({ error: { uuid: M.uuidForged } });
    }
    // The last character's unused bits: another spelling of the same bytes is not an id.
    const last = good.at(-1)!;
    const respelled = good.slice(0, -1) + String.fromCharCode(last.charCodeAt(0) ^ 1);
    if (Buffer.from(respelled, 'base64url').equals(Buffer.from(good, 'base64url'))) {
      expect(await error('uuid-decode', { uuid: respelled })).toEqual({ uuid: M.uuidForged });
    }
  });

  it.each([
    [{}, M.required],
    [{ uuid: '' }, M.required],
    [{ uuid: '   ' }, M.required],
    [{ uuid: 12 }, M.required],
    [{ uuid: 'abc' }, M.uuidShape],
    [{ uuid: 'A'.repeat(21) + '=' }, M.uuidShape],
    [{ uuid: 'A'.repeat(5000) }, M.uuidShape],
    [{ uuid: `${'A'.repeat(21)}\u0000` }, NUL_MESSAGE],
  ])('uuid-decode %j: %s', async (payload, message) => {
    expect(await error('uuid-decode', payload)).toEqual({ uuid: message });
  });

  const valid = { campaignType: 1, campaignId: 1, relayId: 1, emailId: 1 };
  it.each([
    ['campaignType', undefined, M.required],
    ['campaignType', '', M.required],
    ['campaignType', 'smtp', M.numeric],
    ['campaignType', 3, M.campaignType],
    ['campaignType', 0, M.campaignType],
    ['campaignId', undefined, M.required],
    ['campaignId', ' ', M.required],
    ['campaignId', 'x1', M.numeric],
    ['campaignId', '-1', M.numeric],
    ['campaignId', -1, M.numeric],
    ['campaignId', 1.5, M.numeric],
    ['campaignId', '1e3', M.numeric],
    ['campaignId', true, M.numeric],
    ['campaignId', UUID_FIELD_MAX.campaignId + 1, M.atMost(UUID_FIELD_MAX.campaignId)],
    ['relayId', null, M.required],
    ['relayId', '0x10', M.numeric],
    ['relayId', '4294967296', M.atMost(UUID_FIELD_MAX.relayId)],
    ['emailId', '', M.required],
    ['emailId', [1], M.numeric],
    ['emailId', 2 ** 48, M.atMost(UUID_FIELD_MAX.emailId)],
    ['emailId', '9'.repeat(30), M.numeric],
  ])('uuid-encode %s = %j: %s', async (field, value, message) => {
    expect(await error('uuid-encode', { ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it('says every missing field at once', async () => {
    expect(await error('uuid-encode', {})).toEqual({
      campaignType: M.required,
      campaignId: M.required,
      relayId: M.required,
      emailId: M.required,
    });
  });
});

describe('e-mail id decoder and encoder', () => {
  it('an e-mail id is the address in one list; an address has one per list that holds it', async () => {
    const first = await f.emailList({
      name: 'Tools first',
      emails: ['shared@tools.example.com', 'only@tools.example.com'],
    });
    const second = await f.emailList({ name: 'Tools second', emails: ['shared@tools.example.com'] });
    const { rows } = await db().query<{ id: number; email_list_id: number; email: string }>(
      `select id, email_list_id, email from emails where email like '%@tools.example.com' order by id`,
    );
    const idOf = (list: number, email: string) => rows.find((r) => r.email_list_id === list && r.email === email)!.id;
    const item = (list: { id: number; name: string }, email: string) => ({
      emailId: idOf(list.id, email),
      email,
      emailList: { id: list.id, name: list.name },
    });

    expect(await ok('email-id-decode', { emailId: idOf(second.id, 'shared@tools.example.com') })).toEqual({
      decoded: item(second, 'shared@tools.example.com'),
    });
    // As text too; the address is searched as imports store it (lower-cased).
    expect(await ok('email-id-decode', { emailId: String(idOf(first.id, 'only@tools.example.com')) })).toEqual({
      decoded: item(first, 'only@tools.example.com'),
    });
    expect(await ok('email-id-encode', { email: ' Shared@Tools.Example.com ' })).toEqual({
      encoded: [item(first, 'shared@tools.example.com'), item(second, 'shared@tools.example.com')],
      history: NOTHING_HAPPENED,
    });
    // Round trip: each id the encoder gives decodes to the address.
    const { encoded } = await ok<{ encoded: { emailId: number }[] }>('email-id-encode', {
      email: 'only@tools.example.com',
    });
    for (const e of encoded) {
      expect((await ok<{ decoded: { email: string } }>('email-id-decode', { emailId: e.emailId })).decoded.email).toBe(
        'only@tools.example.com',
      );
    }
  });

  it("shows the address's history: soft bounces of the limit within the window, reset by a delivery; Bounced Emails; complaints", async () => {
    const email = 'soft@history.example.com';
    await f.emailList({ emails: [email] });
    const history = async () => (await ok<{ history: AddressHistory }>('email-id-encode', { email })).history;
    expect(await history()).toEqual(NOTHING_HAPPENED);
    const bounce = (at: Date, diagnostic: string) => ({
      email,
      reason: 'quota-issues',
      diagnostic,
      at,
      campaignId: 0,
      relayId: 0,
    });
    const day = 86_400_000;
    const now = Date.now();
    await inTransaction(t.ctx.db, (c) =>
      recordSoftBounces(c, [
        bounce(new Date(now - 40 * day), '452 4.2.2 over quota (old)'),
        bounce(new Date(now - 2 * day), '452 4.2.2 over quota'),
        bounce(new Date(now - day), '552 5.2.2 mailbox full'),
      ]),
    );
    // the one of 40 days ago is outside the window of 30 days
    expect((await history()).softBounces).toEqual({
      count: 2,
      limit: 5,
      days: 30,
      last: { at: new Date(now - day).toISOString(), reason: 'quota-issues', diagnostic: '552 5.2.2 mailbox full' },
    });
    // a later delivery resets the count
    await inTransaction(t.ctx.db, (c) => resetSoftBounces(c, [{ email }]));
    expect((await history()).softBounces).toEqual({ count: 0, limit: 5, days: 30, last: null });

    await inTransaction(t.ctx.db, (c) =>
      recordHardBounces(c, [{ ...bounce(new Date(now), '550 5.1.1 unknown'), reason: 'bad-mailbox', campaignId: 0 }]),
    );
    const owner = await t.user();
    await db().query(`insert into complaint_emails (user_id, email, source) values ($1, $2, 'report')`, [
      owner.id,
      email,
    ]);
    expect(await history()).toMatchObject({
      bounced: { reason: 'bad-mailbox', diagnostic: '550 5.1.1 unknown' },
      complaints: 1,
    });
    // an address in no list that bounced still has a history
    const gone = 'gone@history.example.com';
    await inTransaction(t.ctx.db, (c) => recordHardBounces(c, [{ ...bounce(new Date(now), 'x'), email: gone }]));
    expect(await ok('email-id-encode', { email: gone })).toMatchObject({ encoded: [], history: { bounced: {} } });
  });

  it('random addresses round-trip: encode then decode gives the address back', async () => {
    const addresses = Array.from({ length: 20 }, () => `r${crypto.randomBytes(6).toString('hex')}@round.example.org`);
    await f.emailList({ emails: addresses });
    for (const email of addresses) {
      const { encoded } = await ok<{ encoded: { emailId: number }[] }>('email-id-encode', { email });
      expect(encoded).toHaveLength(1);
      const { decoded } = await ok<{ decoded: { email: string } }>('email-id-decode', { emailId: encoded[0]!.emailId });
      expect(decoded.email).toBe(email);
    }
  });

  it('an id or address nobody has answers a clear 404', async () => {
    expect(await error('email-id-decode', { emailId: 2 ** 52 }, 404)).toBe(M.emailIdUnknown);
    expect(await error('email-id-encode', { email: 'nobody@nowhere.example.com' }, 404)).toBe(M.emailUnknown);
  });

  it.each([
    [{}, M.required],
    [{ emailId: '' }, M.required],
    [{ emailId: 'abc' }, M.numeric],
    [{ emailId: 0 }, M.numeric],
    [{ emailId: -5 }, M.numeric],
    [{ emailId: '007' }, M.numeric],
    [{ emailId: 2 ** 53 }, M.numeric],
    [{ emailId: { id: 1 } }, M.numeric],
  ])('email-id-decode %j: %s', async (payload, message) => {
    expect(await error('email-id-decode', payload)).toEqual({ emailId: message });
  });

  it.each([
    [{}, M.required],
    [{ email: '' }, M.required],
    [{ email: 'not-an-address' }, M.invalidEmail],
    [{ email: 'a@b@c.com' }, M.invalidEmail],
    [{ email: `${'a'.repeat(250)}@example.com` }, M.invalidEmail],
    [{ email: 42 }, M.required],
    [{ email: 'a\u0000@example.com' }, NUL_MESSAGE],
  ])('email-id-encode %j: %s', async (payload, message) => {
    expect(await error('email-id-encode', payload)).toEqual({ email: message });
  });
});

describe('IP and domain history', () => {
  it('rows of Relay ID, IP, Domain, Created At and Deleted At, newest first', async () => {
    const server = await f.pmtaServer();
    const relay = (smtpHost: string, ip: string) =>
      f.pmtaRelay({ owner: server.owner, pmtaServerId: server.id, smtpHost, ip });
    const gone = await relay('mta1.history.example.net', '198.51.100.7');
    await db().query('delete from pmta_relays where id = $1', [gone.id]);
    const again = await relay('Mta2.History.example.net', '198.51.100.7');
    const other = await relay('mx.otherhistory.example.net', '198.51.100.8');
    const v6 = await relay('v6.history.example.net', '2001:db8::7');

    type Rows = {
      history: {
        id: number;
        ip: string;
        smtpHost: string;
        createdAt: { date: string };
        deletedAt: { date: string } | null;
      }[];
    };
    const byIp = await ok<Rows>('ip-history', { ip: '198.51.100.7' });
    expect(byIp.history.map((r) => [r.id, r.ip, r.smtpHost, r.deletedAt === null])).toEqual([
      [again.id, '198.51.100.7', 'Mta2.History.example.net', true],
      [gone.id, '198.51.100.7', 'mta1.history.example.net', false],
    ]);
    const [current, deleted] = byIp.history;
    expect(new Date(current!.createdAt.date).getTime()).toBeGreaterThanOrEqual(
      new Date(deleted!.deletedAt!.date).getTime(),
    );
    expect(new Date(deleted!.deletedAt!.date).getTime()).toBeGreaterThanOrEqual(
      new Date(deleted!.createdAt.date).getTime(),
    );
    expect((await ok<Rows>('ip-history', { ip: '2001:0db8:0:0::7' })).history.map((r) => [r.id, r.ip])).toEqual([
      [v6.id, '2001:db8::7'],
    ]);
    expect((await ok<Rows>('ip-history', { ip: '203.0.113.1' })).history).toEqual([]);

    const ids = async (domainName: string) =>
      (await ok<Rows>('domain-history', { domainName })).history.map((r) => r.id);
    // The domain and its subdomains, in any letter case; not a domain that merely ends the same.
    expect(await ids('history.example.net')).toEqual([v6.id, again.id, gone.id]);
    expect(await ids('MTA2.history.example.net.')).toEqual([again.id]);
    expect(await ids('otherhistory.example.net')).toEqual([other.id]);
    expect(await ids('story.example.net')).toEqual([]);
  });

  it("records a relay's IP and host edits: the old one ends, the new one begins (issue 22)", async () => {
    const server = await f.pmtaServer();
    const r = await f.pmtaRelay({
      owner: server.owner,
      pmtaServerId: server.id,
      smtpHost: 'e1.edit.example.net',
      ip: '198.51.100.20',
    });
    const count = async () =>
      (await db().query('select count(*)::int as n from relay_history where relay_id = $1', [r.id])).rows[0]
        .n as number;
    await db().query(`update pmta_relays set description = 'only a note' where id = $1`, [r.id]);
    expect(await count()).toBe(1);
    await db().query(`update pmta_relays set ip = '198.51.100.21' where id = $1`, [r.id]);
    await db().query(`update pmta_relays set smtp_host = 'e2.edit.example.net' where id = $1`, [r.id]);
    type Row = { id: number; ip: string; smtpHost: string; deletedAt: { date: string } | null };
    const history = async (ip: string) =>
      (await ok<{ history: Row[] }>('ip-history', { ip })).history.map((h) => [h.id, h.smtpHost, h.deletedAt !== null]);
    expect(await history('198.51.100.20')).toEqual([[r.id, 'e1.edit.example.net', true]]);
    expect(await history('198.51.100.21')).toEqual([
      [r.id, 'e2.edit.example.net', false],
      [r.id, 'e1.edit.example.net', true],
    ]);
    expect(await count()).toBe(5);
  });

  it.each([
    [{}, M.ipError],
    [{ ip: '' }, M.ipError],
    [{ ip: '999.1.1.1' }, M.ipError],
    [{ ip: '10.0.0.1/24' }, M.ipError],
    [{ ip: 'x'.repeat(5000) }, M.ipError],
    [{ ip: 7 }, M.ipError],
  ])('ip-history %j: %s', async (payload, message) => {
    expect(await error('ip-history', payload)).toEqual({ ip: message });
  });

  it.each([
    [{}, M.domainRequired],
    [{ domainName: ' ' }, M.domainRequired],
    [{ domainName: 'not a domain' }, M.domainInvalid],
    [{ domainName: '%.example.com' }, M.domainInvalid],
    [{ domainName: `${'a'.repeat(254)}` }, 'Domain must be no longer than 253 characters.'],
    [{ domainName: 'a\u0000.com' }, NUL_MESSAGE],
  ])('domain-history %j: %s', async (payload, message) => {
    expect(await error('domain-history', payload)).toEqual({ domainName: message });
  });
});

describe('uploading log', () => {
  type Entries = {
    entries: { event_time: string; source: string; msg_type: string; msg_text: string }[];
    capped: boolean;
  };
  const entries = (payload: object) => ok<Entries>('log-entries', payload);

  beforeAll(async () => {
    // 30 lines a minute apart from 2030-01-01 00:00 UTC, alternating sources; every fifth an error or warning.
    await db().query(
      `insert into upload_log (event_time, source, msg_type, msg_text)
       select timestamptz '2030-01-01 00:00:00+00' + (i || ' minutes')::interval,
              case when i % 2 = 0 then 'socks' else 'unsubscribers' end,
              case when i % 10 = 0 then 'Error' when i % 5 = 0 then 'Warning' else 'Info' end,
              'line ' || i
         from generate_series(0, 29) i`,
    );
  });

  it('GET log-sources lists each source once', async () => {
    expect(await ok('log-sources')).toEqual({ sources: ['socks', 'unsubscribers'] });
  });

  it('the digest: the newest 20 entries by default, of one source or all', async () => {
    const digest = await entries({});
    expect(digest.capped).toBe(false);
    expect(digest.entries.map((e) => e.msg_text)).toEqual(Array.from({ length: 20 }, (_, i) => `line ${29 - i}`));
    expect(digest.entries[0]).toEqual({
      event_time: '2030-01-01T00:29:00.000Z',
      source: 'unsubscribers',
      msg_type: 'Info',
      msg_text: 'line 29',
    });
    const socks = await entries({ source: 'socks', limit: '3' });
    expect(socks.entries.map((e) => [e.msg_text, e.msg_type])).toEqual([
      ['line 28', 'Info'],
      ['line 26', 'Info'],
      ['line 24', 'Info'],
    ]);
    expect((await entries({ source: 'nothing-logs-this' })).entries).toEqual([]);
    expect((await entries({ limit: 2, source: '' })).entries).toHaveLength(2);
    expect((await entries({ limit: null })).entries).toHaveLength(20);
  });

  it('a UTC date range (both minutes included) disables the limit', async () => {
    const range = await entries({ limit: 1, dateFrom: '2030-01-01 00:03', dateTo: '2030-01-01 00:25' });
    expect(range.entries).toHaveLength(23);
    expect(range.entries.at(0)!.msg_text).toBe('line 25');
    expect(range.entries.at(-1)!.msg_text).toBe('line 3');
    expect((await entries({ dateFrom: '2030-01-01 00:20' })).entries).toHaveLength(10);
    expect((await entries({ dateTo: '2030-01-01T00:01:00Z', source: 'unsubscribers' })).entries).toEqual([
      expect.objectContaining({ msg_text: 'line 1', msg_type: 'Info' }),
    ]);
    expect((await entries({ dateFrom: '2031-01-01 00:00', dateTo: '2031-01-02 00:00' })).entries).toEqual([]);
  });

  it(`a date range over ${LOG_ENTRIES_MAX} entries answers the newest ${LOG_ENTRIES_MAX} and says so`, async () => {
    await db().query(
      `insert into upload_log (event_time, source, msg_type, msg_text)
       select timestamptz '2029-06-01 00:00:00+00' + (i || ' seconds')::interval, 'bulk', 'Info', 'bulk ' || i
         from generate_series(1, $1::int) i`,
      [LOG_ENTRIES_MAX + 5],
    );
    const all = await entries({ source: 'bulk', dateFrom: '2029-06-01 00:00', dateTo: '2029-06-02 00:00' });
    expect(all.capped).toBe(true);
    expect(all.entries).toHaveLength(LOG_ENTRIES_MAX);
    expect(all.entries[0]!.msg_text).toBe(`bulk ${LOG_ENTRIES_MAX + 5}`);
    const exact = await entries({ source: 'bulk', dateFrom: '2029-06-01 00:00', dateTo: '2029-06-01 00:01' });
    expect(exact).toMatchObject({ capped: false });
    expect(exact.entries).toHaveLength(119);
    await db().query(`delete from upload_log where source = 'bulk'`);
  });

  it.each([
    [{ limit: 'abc' }, 'limit', M.digestOnly],
    [{ limit: '2.5' }, 'limit', M.digestOnly],
    [{ limit: 2.5 }, 'limit', M.digestOnly],
    [{ limit: 0 }, 'limit', M.digestOnly],
    [{ limit: '-3' }, 'limit', M.digestOnly],
    [{ limit: true }, 'limit', M.digestOnly],
    [{ limit: LOG_ENTRIES_MAX + 1 }, 'limit', M.limitMax(LOG_ENTRIES_MAX)],
    [{ limit: '9'.repeat(400) }, 'limit', M.limitMax(LOG_ENTRIES_MAX)],
    [{ dateFrom: 'yesterday' }, 'dateFrom', M.date],
    [{ dateFrom: '2030-02-30 00:00' }, 'dateFrom', M.date],
    [{ dateTo: 20300101 }, 'dateTo', M.date],
    [{ dateFrom: '2030-01-02 00:00', dateTo: '2030-01-01 00:00' }, 'dateTo', M.dateOrder],
    [{ source: 's'.repeat(101) }, 'source', 'Source must be no longer than 100 characters.'],
    [{ source: ['socks'] }, 'source', M.source],
    [{ source: 'so\u0000cks' }, 'source', NUL_MESSAGE],
  ])('log-entries %j: %s', async (payload, field, message) => {
    expect(await error('log-entries', payload)).toEqual({ [field]: message });
  });
});

import { appendFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSshServer } from '@console/pmta-sim/ssh';
import { eventually, inject, readAcct, tempSim, TEST_CONFIG } from '@console/pmta-sim/testing';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { closedPort } from '../../../test/peers/pmta.ts';
import type { ClaimedRecipient } from '../../sending/claim.ts';
import { recordOutcomes } from '../../sending/outcomes.ts';
import { prepareCampaign } from '../../sending/prepare.ts';
import { recordEvents } from '../../tracking/events.ts';
import { encodeTrackingId } from '../../tracking/uuid.ts';
import { ownerSshKey } from '../ssh/owner-keys.ts';
import { pmtaConnections } from '../ssh/connection.ts';
import { pullAllAccounting } from './accounting.jobs.ts';
import { LOG_SOURCE, pullAccounting } from './pull.ts';
import type { AcctHandler } from './record.ts';
import { CampaignType } from '@console/shared/enums';

/*
 * The accounting pull against the simulator (issue 13; decision 0911): real injections with real tracking
 * ids, the simulator's own accounting writer and rotation, and lines written by hand where a test needs a
 * broken one.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let owner: TestUser;
let sim: Awaited<ReturnType<typeof tempSim>>;
let ssh: Awaited<ReturnType<typeof startSshServer>>;
let serverId: number;
let relay: Awaited<ReturnType<ReturnType<typeof factories>['pmtaRelay']>>;

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.ctx.db.$client.query(text, params).then((r) => r.rows as T[]);
const ACCT = '/var/log/pmta/acct.csv';

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  owner = await t.user();
  sim = await tempSim({
    config: TEST_CONFIG,
    timeScale: 60, // a retry after one simulated minute comes after one second
    outcomes: [
      {
        match: 'gone.test',
        result: 'bounced',
        bounceCat: 'bad-mailbox',
        dsnStatus: '5.1.1 (bad destination mailbox address)',
        reply: '550 5.1.1 User unknown',
      },
      {
        match: 'block.test',
        result: 'bounced',
        bounceCat: 'spam-related',
        dsnStatus: '5.7.1 (delivery not authorized)',
        reply: '550 5.7.1 Blocked by Spamhaus',
      },
      { match: 'slow.test', result: 'deferred', times: 2, then: 'delivered' },
      { match: 'fbl.test', result: 'delivered', complaint: true },
    ],
  });
  ssh = await startSshServer(sim, {
    users: [{ username: 'root', publicKeys: [(await ownerSshKey(t.ctx, owner.id)).publicKey] }],
  });
  const server = await f.pmtaServer({ owner, serverIp: '127.0.0.1' });
  serverId = server.id;
  await q('update pmta_servers set ssh_port = $2, smtp_port = $3, pmta_http_port = $4 where id = $1', [
    serverId,
    ssh.port,
    sim.smtpPort,
    sim.httpPort,
  ]);
  relay = await f.pmtaRelay({ owner, pmtaServerId: serverId });
}, 60_000);

afterAll(async () => {
  await pmtaConnections(t.ctx).close();
  await t.close();
  await ssh.close();
  await sim.cleanup();
});

/** A PMTA campaign whose recipients the engine injected: rows `injected` with their `sent` events. */
async function injectedCampaign(emails: string[]) {
  const c = await f.smtpCampaign({ owner, emails });
  await q(
    `update campaigns set type = ${CampaignType.PMTA}, smtp_relay_group_id = null, pmta_relay_group_id = $2 where id = $1`,
    [c.id, relay.groupId],
  );
  await prepareCampaign(t.ctx, c.id);
  const rows = await q<{ emailId: number; email: string; domain: string; mailProviderId: number }>(
    `update campaign_recipients set status = 7, relay_id = $2 where campaign_id = $1
     returning email_id as "emailId", email, domain, mail_provider_id as "mailProviderId"`,
    [c.id, relay.id],
  );
  const client = await t.ctx.db.$client.connect();
  await recordEvents(
    client,
    rows.map((r) => ({
      kind: 'sent',
      campaignType: 'pmta',
      campaignId: c.id,
      userId: owner.id,
      relayId: relay.id,
      ...r,
    })),
  ).finally(() => client.release());
  const envId = (email: string) =>
    encodeTrackingId(t.ctx.secret, {
      campaignType: 'pmta',
      campaignId: c.id,
      relayId: relay.id,
      emailId: Number(rows.find((r) => r.email === email)!.emailId),
    });
  /** Injects one recipient as the engine does. */
  const send = (email: string) =>
    inject(sim.smtpPort, { to: email, vmta: 'v1', job: `campaign-${c.id}`, envId: envId(email) });
  return {
    id: c.id,
    categoryId: (
      await q<{ id: number }>('select category_id as id from email_lists where id = $1', [c.emailListId])
    )[0]!.id,
    envId,
    send,
  };
}

const counters = async (id: number) =>
  (
    await q<Record<string, number>>(
      `select sent, delivered, bounced, deferred, complaints from campaign_counters where campaign_type = ${CampaignType.PMTA} and campaign_id = $1`,
      [id],
    )
  )[0];
const statusOf = async (id: number, email: string) =>
  (
    await q<{ status: number }>('select status from campaign_recipients where campaign_id = $1 and email = $2', [
      id,
      email,
    ])
  )[0]?.status;
const acctRows = () =>
  readdirSync(join(sim.root, 'var/log/pmta')).flatMap((n) => readAcct(sim.root, `/var/log/pmta/${n}`));
const logLines = (like = '%') =>
  q<{ type: string; text: string }>(
    `select msg_type as type, msg_text as text from upload_log where source = 'pmta-accounting' and msg_text like $1 order by id`,
    [like],
  );

/** A handler that keeps every record's envId in a table, in the pull's transaction; it fails while `fail` says so. */
let fail = () => false;
const seen: AcctHandler = async (_ctx, _server, records, tx) => {
  await tx.client.query('insert into acct_seen (env) select unnest($1::text[])', [records.map((r) => r.envId)]);
  if (fail()) throw new Error('handler failed');
};
const seenCount = async () =>
  (
    await q<{ n: number; distinct: number }>(
      'select count(*)::int as n, count(distinct env)::int as "distinct" from acct_seen',
    )
  )[0]!;
/** A `d` record through the simulator's own writer (it rotates as PMTA does). */
/** One record, on disk at once (the simulator otherwise writes its records on its next clock tick). */
const write = (envId: string) => {
  sim.accounting.write({
    type: 'd',
    timeLogged: new Date(),
    timeQueued: new Date(),
    rcpt: 'x@example.org',
    envId,
    dsnStatus: '2.0.0 (success)',
  });
  sim.accounting.flush();
};

describe('PMTA accounting', () => {
  it('turns the records of injected recipients into events and counters equal to the file', async () => {
    const ok = ['ok1@deliver.test', 'ok2@deliver.test'];
    const emails = [...ok, 'bad@gone.test', 'slow@slow.test', 'angry@fbl.test', 'blocked@block.test'];
    const c = await injectedCampaign(emails);
    for (const e of emails) await c.send(e);
    await c.send('bad@gone.test'); // the same recipient bounced twice: counted once
    await inject(sim.smtpPort, { to: 'stranger@deliver.test', envId: 'not-a-tracking-id' });
    const mine = () => acctRows().filter((r) => emails.some((e) => r.envId === c.envId(e)));
    // 2 + slow (t, t, d) + angry (d, f) + bad (b, b) + blocked (b)
    await eventually(() => expect(mine()).toHaveLength(10), 20_000);

    const result = await pullAccounting(t.ctx, serverId);
    expect(result).toMatchObject({ busy: false, unknown: 1, malformed: 0 });
    const file = mine();
    const count = (type: string) => file.filter((r) => r.type === type).length;
    expect(await counters(c.id)).toEqual({
      sent: 6,
      delivered: count('d'),
      bounced: 2,
      deferred: count('t'),
      complaints: count('f'),
    });
    expect(count('t')).toBe(2);
    for (const e of [...ok, 'slow@slow.test', 'angry@fbl.test']) expect(await statusOf(c.id, e)).toBe(3);
    expect(await statusOf(c.id, 'bad@gone.test')).toBe(4);
    expect(await statusOf(c.id, 'blocked@block.test')).toBe(4);
    const bounces = await q<{ detail: string }>(
      `select detail from events where campaign_id = $1 and kind = 3 order by detail`,
      [c.id],
    );
    expect(bounces.map((b) => b.detail)).toEqual([
      'bad-mailbox: 550 5.1.1 User unknown',
      'spam-related: 550 5.7.1 Blocked by Spamhaus',
    ]);

    // A hard bounce suppresses the address; a spam-related one counts against the relay instead.
    expect(await q('select email from spam_emails where email like $1', ['%.test'])).toEqual([]);
    expect(
      await q(
        'select email, reason, diagnostic, campaign_id, relay_id, count from bounced_emails where email like $1',
        ['%.test'],
      ),
    ).toEqual([
      {
        email: 'bad@gone.test',
        reason: 'bad-mailbox',
        diagnostic: '550 5.1.1 User unknown',
        campaign_id: c.id,
        relay_id: relay.id,
        count: 1,
      },
    ]);
    expect(await q('select relay_id, bounces from pmta_relay_bounce_signals')).toEqual([
      { relay_id: relay.id, bounces: 1 },
    ]);
    // The complaint puts the address in the owner's Complaints suppression (decision 1390), once.
    expect(await q('select email from unsubscribers where email = $1', ['angry@fbl.test'])).toEqual([]);
    expect(
      await q('select user_id, email, source, campaign_id, relay_id, count from complaint_emails where email = $1', [
        'angry@fbl.test',
      ]),
    ).toEqual([
      { user_id: owner.id, email: 'angry@fbl.test', source: 'pmta', campaign_id: c.id, relay_id: relay.id, count: 1 },
    ]);
    expect(await q('select source from campaign_complaints where campaign_id = $1', [c.id])).toEqual([
      { source: 'pmta' },
    ]);
    await eventually(async () =>
      expect(await q('select valid from emails where email = any($1)', [['bad@gone.test', 'angry@fbl.test']])).toEqual([
        { valid: false },
        { valid: false },
      ]),
    );
    const [rating] = await q<{ reputation: number; details: string }>(
      `select reputation, details from relay_reputations rr join reputation_providers p on p.id = rr.provider_id
        where p.kind = 'bounces' and rr.relay_id = $1`,
      [relay.id],
    );
    expect(rating).toEqual({ reputation: 1, details: expect.stringMatching(/^1 of \d+ results in the last 24 hours/) });
    expect(await logLines('%envId%')).toEqual([
      {
        type: 'Warning',
        text: expect.stringContaining('1 accounting records name no campaign recipient or e-mail test'),
      },
    ]);

    // A second pull reads nothing new and changes nothing.
    expect(await pullAccounting(t.ctx, serverId)).toMatchObject({ records: 0 });
    expect(await counters(c.id)).toMatchObject({ delivered: count('d'), bounced: 2, complaints: 1 });

    // The same recipient bounced again, read by a later pull: the row is bounced already, nothing is added.
    await c.send('bad@gone.test');
    await eventually(() => expect(mine()).toHaveLength(11));
    expect(await pullAccounting(t.ctx, serverId)).toMatchObject({ records: 1 });
    expect(await counters(c.id)).toMatchObject({ delivered: count('d'), bounced: 2, complaints: 1 });
  }, 60_000);

  it('settles a row the engine has not marked injected yet, with its sent event, once', async () => {
    const c = await injectedCampaign(['racing@deliver.test']);
    // As if the engine's group commit were still to come: the row in `sending`, no `sent` event yet.
    await q(`update campaign_recipients set status = 2, worker = 'w1' where campaign_id = $1`, [c.id]);
    await q(`delete from events where campaign_id = $1`, [c.id]);
    await q(`update campaign_counters set sent = 0 where campaign_type = ${CampaignType.PMTA} and campaign_id = $1`, [
      c.id,
    ]);
    await c.send('racing@deliver.test');
    await eventually(() => expect(acctRows().filter((r) => r.jobId === `campaign-${c.id}`)).toHaveLength(1));
    await pullAccounting(t.ctx, serverId);
    expect(await counters(c.id)).toMatchObject({ sent: 1, delivered: 1 });
    const [row] = await q<ClaimedRecipient>(
      `select email_id as "emailId", email, domain, mail_provider_id as "mailProviderId", attempts
         from campaign_recipients where campaign_id = $1`,
      [c.id],
    );
    const campaign = { id: c.id, type: 'pmta' as const, userId: owner.id };
    const policy = { retryBaseMs: 1000, maxAttempts: 5 };
    await recordOutcomes(
      t.ctx.db,
      campaign,
      'w1',
      [{ kind: 'injected', row: row!, relayId: relay.id, reply: '250 ok' }],
      policy,
    );
    expect(await counters(c.id)).toMatchObject({ sent: 1, delivered: 1 });
    expect(await statusOf(c.id, 'racing@deliver.test')).toBe(3);
  }, 30_000);

  it('rates a relay Poor when spam-related bounces make 5% or more of its results', async () => {
    const blocked = Array.from({ length: 10 }, (_, i) => `b${i}@block.test`);
    const c = await injectedCampaign(blocked);
    await Promise.all(blocked.map((e) => c.send(e)));
    await eventually(() => expect(acctRows().filter((r) => r.jobId === `campaign-${c.id}`)).toHaveLength(10));
    await pullAccounting(t.ctx, serverId);
    expect(await counters(c.id)).toMatchObject({ bounced: 10 });
    expect(await q('select status from pmta_relays where id = $1', [relay.id])).toEqual([{ status: 3 }]);
    expect(await q('select count(*)::int as n from bounced_emails where email like $1', ['%@block.test'])).toEqual([
      { n: 0 },
    ]);
  }, 30_000);

  describe('reading the files', () => {
    beforeAll(async () => {
      await q('create table acct_seen (env text)');
    });
    const handlers = [seen];
    const pull = () => pullAccounting(t.ctx, serverId, handlers);

    it('reads each record once across rotations, restarts and a failed batch', async () => {
      await pull(); // whatever the tests before left
      await q('truncate acct_seen');
      for (let i = 0; i < 50; i++) write(`r${i}`);
      expect(await pull()).toMatchObject({ records: 50 });
      // Read partly under acct.csv, the rest after its rotation; then a new acct.csv.
      for (let i = 50; i < 80; i++) write(`r${i}`);
      expect((await sim.command(['rotate', 'acct'])).code).toBe(0);
      for (let i = 80; i < 100; i++) write(`r${i}`);
      expect(await pull()).toMatchObject({ records: 50 });
      expect(await seenCount()).toEqual({ n: 100, distinct: 100 });

      // A restart: new SSH sessions, nothing in memory; the offsets are in the database.
      await pmtaConnections(t.ctx).close();
      expect(await pull()).toMatchObject({ records: 0 });

      // Over 1 MB: several transactions; the second one fails, the first stays, nothing is read twice.
      await q('truncate acct_seen');
      for (let i = 0; i < 12_000; i++) write(`big${i}`);
      let calls = 0;
      fail = () => ++calls === 2;
      await expect(pull()).rejects.toThrow('handler failed');
      fail = () => false;
      const first = (await seenCount()).n;
      expect(first).toBeGreaterThan(1000);
      expect(first).toBeLessThan(12_000);
      await pull();
      expect(await seenCount()).toEqual({ n: 12_000, distinct: 12_000 });
    }, 60_000);

    it('reads a last line once it is complete, and logs malformed lines without stopping', async () => {
      await pull();
      await q('truncate acct_seen');
      const real = join(sim.root, ACCT);
      write('before');
      const line = readAcct(sim.root).at(-1)!;
      const text = Object.values(line).join(',').replace('before', 'half');
      appendFileSync(real, text.slice(0, 30)); // PMTA is still writing it
      expect(await pull()).toMatchObject({ records: 1, malformed: 0 });
      appendFileSync(real, text.slice(30) + '\n');
      expect(await pull()).toMatchObject({ records: 1, malformed: 0 });
      expect((await q<{ env: string }>('select env from acct_seen')).map((r) => r.env)).toEqual(['before', 'half']);

      appendFileSync(real, 'd,yesterday,' + ',x'.repeat(20) + '\n'); // no time
      appendFileSync(real, 'd,"open quote,2\n'); // a broken quote
      appendFileSync(real, 'd,1700000000,short\n'); // cut short
      write('after');
      // A rotated file is complete: its last line, cut short, is malformed.
      appendFileSync(real, text.replace('half', 'cut').slice(0, 40));
      await sim.command(['rotate', 'acct']);
      expect(await pull()).toMatchObject({ records: 1, malformed: 4 });
      expect((await q<{ env: string }>('select env from acct_seen')).map((r) => r.env)).toContain('after');
      const errors = await logLines('%malformed%');
      // Rotated before the pull: the lines are read, and named, in the rotated file.
      const where = String.raw`acct-[\d-]+\.csv, byte \d+: skipped a malformed record`;
      expect(errors.map((e) => e.text)).toEqual([
        expect.stringMatching(new RegExp(`${where} \\(timeLogged "yesterday" is not a time\\): d,yesterday,`)),
        expect.stringMatching(new RegExp(`${where} \\(not a CSV record \\(Quote Not Closed`)),
        expect.stringMatching(new RegExp(`${where} \\(3 fields where the header has 23\\): d,1700000000,short$`)),
        expect.stringMatching(new RegExp(`${where} \\(\\d+ fields where the header has 23\\): d,`)),
      ]);
      expect(errors.every((e) => e.type === 'Error')).toBe(true);
      expect(await pull()).toMatchObject({ records: 0, malformed: 0 });
    }, 30_000);

    it('logs an SSH failure once while it lasts, and reads again when the server answers', async () => {
      await q(`delete from upload_log where source = 'pmta-accounting'`);
      await q('update pmta_servers set ssh_port = $2 where id = $1', [serverId, await closedPort()]);
      await expect(pull()).rejects.toThrow(/connection refused/);
      await expect(pull()).rejects.toThrow(/connection refused/);
      await pullAllAccounting(t.ctx); // the job: the error is caught, the next minute tries again
      expect(await logLines('%could not be read%')).toEqual([
        { type: 'Error', text: expect.stringContaining('the accounting files could not be read: cannot connect to') },
      ]);
      await q('update pmta_servers set ssh_port = $2 where id = $1', [serverId, ssh.port]);
      write('back');
      expect(await pull()).toMatchObject({ records: 1 });
      expect(await logLines('%read again%')).toHaveLength(1);
    }, 30_000);

    it('pulls one server once at a time', async () => {
      // Another process's pull holds the server's lock: this one reads nothing and says so.
      const other = await t.ctx.db.$client.connect();
      try {
        await other.query('select pg_advisory_lock(hashtext($1), $2)', [LOG_SOURCE, serverId]);
        expect(await pullAccounting(t.ctx, serverId)).toMatchObject({ busy: true, records: 0 });
        await other.query('select pg_advisory_unlock(hashtext($1), $2)', [LOG_SOURCE, serverId]);
      } finally {
        other.release();
      }
      expect(await pullAccounting(t.ctx, serverId)).toMatchObject({ busy: false });
    });
  });
});

import { readFileSync } from 'node:fs';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignStatus, CampaignType } from '@console/shared/enums';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { startDovecot, type Dovecot } from '../../../test/peers/dovecot.ts';
import { startSmtpSink, type ReceivedMessage, type SmtpSink } from '../../../test/peers/smtp-sink.ts';
import { arf, dsn } from '../../../test/reports/build.ts';
import { startCampaign } from '../../sending/campaign-state.ts';
import { startSender, type Sender } from '../../sending/sender/sender.ts';
import { bigList, relayOn } from '../../sending/test-setup.ts';
import { PLAIN_REFUSED } from './bounce-mailboxes.remote.ts';
import { checkMailbox } from './mailbox-check.ts';

/*
 * Issue 39 sections 2 and 5 against a real Dovecot: an SMTP campaign to a sink, DSNs and an ARF report
 * built from the messages the sink received, put into the mailbox by IMAP APPEND, the check run. Bounced
 * Emails, soft counts, relay counters, the campaign's statistics and the folders exactly as expected;
 * nothing deleted; a second check counts nothing; a re-delivered report counts once; a mailbox cut
 * mid-read loses nothing and counts nothing twice.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let sender: Sender;
let sink: SmtpSink;
let dove: Dovecot;
let owner: TestUser;

const q = <T>(text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows as T[]);

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  sender = await startSender(t.ctx);
  sink = await startSmtpSink({ credentials: { user: 'mb', password: 'pw' } });
  dove = await startDovecot();
  dove.addUser('bounces', 'secret');
  owner = await t.user();
});
afterAll(async () => {
  await sender?.stop();
  await sink?.close();
  await dove?.stop();
  await t?.close();
});

async function imap<T>(work: (c: ImapFlow) => Promise<T>): Promise<T> {
  const c = new ImapFlow({
    host: dove.host,
    port: dove.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: 'bounces', pass: 'secret' },
    logger: false,
  });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.logout().catch(() => c.close());
  }
}

const append = (mails: Buffer[]) =>
  imap(async (c) => {
    for (const m of mails) await c.append('INBOX', m);
  });

/** Messages per folder. */
const folders = () =>
  imap(async (c) => {
    const out: Record<string, number> = {};
    for (const l of await c.list())
      out[l.path] = ((await c.status(l.path, { messages: true })) || { messages: -1 }).messages ?? 0;
    return out;
  });

async function mailbox(body: Record<string, unknown> = {}) {
  const res = await t.as(owner, {
    method: 'POST',
    url: '/api/bounce_mailboxes',
    payload: {
      name: `bounces ${Math.random()}`,
      host: dove.host,
      port: dove.port,
      security: 'plain',
      username: 'bounces',
      password: 'secret',
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const row = async (id: number) =>
  (
    await q<Record<string, unknown>>(
      `select read_count, bounces_count, complaints_count, unmatched_count, error from bounce_mailboxes where id = $1`,
      [id],
    )
  )[0];

describe('a bounce mailbox on Dovecot', () => {
  let campaignId: number;
  let relayId: number;
  let user: (i: number) => string;
  let sent: (i: number) => ReceivedMessage;

  beforeAll(async () => {
    const l = await bigList(t, owner, 6, 0);
    user = l.user;
    const group = await f.smtpRelayGroup({ owner });
    relayId = await relayOn(t, { owner, groupId: group.id, port: sink.port, account: 'mb', password: 'pw' });
    const c = await f.smtpCampaign({
      owner,
      emailListId: l.list.id,
      relayGroupId: group.id,
      mailProviderIds: [l.other],
    });
    campaignId = c.id;
    await startCampaign(t.ctx, c.id);
    await eventually(
      async () =>
        (await q<{ status: number }>('select status from campaigns where id = $1', [c.id]))[0]!.status ===
        CampaignStatus.Finished,
    );
    sent = (i) => sink.messages.find((m) => m.to.includes(user(i)))!;
  });

  const counters = () =>
    q<Record<string, number>>(
      `select sent, delivered, bounced, infra_bounces, complaints from campaign_counters
        where campaign_type = $1 and campaign_id = $2`,
      [CampaignType.SMTP, campaignId],
    );

  it('applies DSNs and a complaint, keeps the unmatched, moves each message, and counts once', async () => {
    expect(await counters()).toEqual([{ sent: 6, delivered: 6, bounced: 0, infra_bounces: 0, complaints: 0 }]);
    // VERP is off by default: the relay's own address is the envelope sender
    expect(sent(1).from).toBe('mb@sender-mb.test');
    const gone = dsn({
      rcpt: user(1),
      status: '5.1.1',
      diagnostic: '550 5.1.1 <x>: Recipient address rejected: User unknown in local recipient table',
      original: sent(1).headers,
      messageId: '<gone-1@mx.example.net>',
    });
    await append([
      gone,
      dsn({ rcpt: user(2), status: '5.2.2', diagnostic: '552 5.2.2 mailbox full', original: sent(2).headers }),
      dsn({
        rcpt: user(3),
        status: '5.7.1',
        diagnostic: '554 5.7.1 Service unavailable; Client host [203.0.113.5] blocked using zen.spamhaus.org',
        original: sent(3).headers,
      }),
      arf({ rcpt: user(4), original: sent(4).headers }),
      // a bounce of mail the console never sent, and something that is no report at all
      dsn({ rcpt: 'someone@else.example', status: '5.1.1', diagnostic: '550 5.1.1 unknown' }),
      Buffer.from('Subject: hello\r\nContent-Type: multipart/mixed; boundary="x"\r\n\r\n--x\r\nbroken'),
    ]);
    const id = await mailbox();
    expect(await checkMailbox(t.ctx, id)).toEqual({ read: 6, error: null });

    expect(
      await q(`select email, reason from bounced_emails where email like $1 order by email`, [
        `%${user(1).split('@')[1]}`,
      ]),
    ).toEqual([{ email: user(1), reason: 'bad-mailbox' }]);
    expect(
      await q(`select email, cardinality(bounces) as n from soft_bounces where email = any($1)`, [[user(2), user(3)]]),
    ).toEqual([{ email: user(2), n: 1 }]);
    expect(await counters()).toEqual([{ sent: 6, delivered: 6, bounced: 3, infra_bounces: 1, complaints: 1 }]);
    expect(
      await q(
        `select sum(infra_bounces)::int as infra from event_rollup_hourly where relay_id = $1 and campaign_id = $2`,
        [relayId, campaignId],
      ),
    ).toEqual([{ infra: 1 }]);
    // the Complaints suppression of the owner (complaints39), from the ARF report
    expect(await q(`select user_id as "userId", source from complaint_emails where email = $1`, [user(4)])).toEqual([
      { userId: owner.id, source: 'report' },
    ]);
    expect(await row(id)).toEqual({
      read_count: 6,
      bounces_count: 3,
      complaints_count: 1,
      unmatched_count: 2,
      error: null,
    });
    expect(
      await q(
        `select outcome, recipient, campaign_id as "campaignId" from bounce_reports where mailbox_id = $1 order by uid`,
        [id],
      ),
    ).toEqual([
      { outcome: 'permanent', recipient: user(1), campaignId },
      { outcome: 'temporary', recipient: user(2), campaignId },
      { outcome: 'infrastructure', recipient: user(3), campaignId },
      { outcome: 'complaint', recipient: user(4), campaignId },
      { outcome: 'unmatched', recipient: 'someone@else.example', campaignId: null },
      { outcome: 'unmatched', recipient: null, campaignId: null },
    ]);
    expect(await folders()).toEqual({ INBOX: 0, Processed: 4, Unmatched: 2 });

    // a second check: nothing new
    expect(await checkMailbox(t.ctx, id)).toEqual({ read: 0, error: null });
    // the same DSN delivered again (a new UID): kept, shown as a duplicate, counted against nobody
    await append([gone]);
    expect(await checkMailbox(t.ctx, id)).toEqual({ read: 1, error: null });
    expect(await counters()).toEqual([{ sent: 6, delivered: 6, bounced: 3, infra_bounces: 1, complaints: 1 }]);
    expect(await row(id)).toEqual({
      read_count: 7,
      bounces_count: 3,
      complaints_count: 1,
      unmatched_count: 2,
      error: null,
    });
    expect(
      await q(`select problems from bounce_reports where mailbox_id = $1 order by uid desc limit 1`, [id]),
    ).toEqual([{ problems: ['duplicate'] }]);
    expect(await folders()).toEqual({ INBOX: 0, Processed: 5, Unmatched: 2 });
  });

  it("never touches another owner's campaign, whatever id the report carries", async () => {
    const other = await t.user();
    const res = await t.as(other, {
      method: 'POST',
      url: '/api/bounce_mailboxes',
      payload: {
        name: 'theirs',
        host: dove.host,
        port: dove.port,
        security: 'plain',
        username: 'bounces',
        password: 'secret',
      },
    });
    const id = res.json().id as number;
    await append([dsn({ rcpt: user(5), status: '5.1.1', diagnostic: '550 5.1.1 unknown', original: sent(5).headers })]);
    expect(await checkMailbox(t.ctx, id)).toEqual({ read: 1, error: null });
    expect(await q(`select outcome from bounce_reports where mailbox_id = $1`, [id])).toEqual([
      { outcome: 'unmatched' },
    ]);
    expect(await q(`select count(*)::int as n from bounced_emails where email = $1`, [user(5)])).toEqual([{ n: 0 }]);
  });

  it(
    'reads a large mailbox in pages over bounded runs, and a cut mid-read loses nothing and counts nothing twice',
    { timeout: 60_000 },
    async () => {
      const before = await folders();
      const mails = Array.from({ length: 300 }, (_, i) =>
        dsn({ rcpt: `nobody${i}@else.example`, status: '5.1.1', diagnostic: '550 5.1.1 unknown' }),
      );
      await append(mails);
      const id = await mailbox();
      // a bounded run: 10 of 300
      expect(await checkMailbox(t.ctx, id, { runLimit: 10, page: 5 })).toEqual({ read: 10, error: null });
      // the server killed while the next check reads (after its first page is stored)
      const reading = checkMailbox(t.ctx, id, { page: 5 });
      // Bounded, and saying why: an unbounded wait here once outlived the test and killed Dovecot under the next.
      let settled: unknown;
      reading.then(
        (r) => (settled = r),
        (e: unknown) => (settled = String(e)),
      );
      const until = Date.now() + 20_000;
      while (Number((await row(id))!.read_count) < 15) {
        if (settled) throw new Error(`the check ended before its first page was stored: ${JSON.stringify(settled)}`);
        if (Date.now() > until) throw new Error(`no page stored within 20 s: ${JSON.stringify(await row(id))}`);
        await new Promise((r) => setTimeout(r, 2));
      }
      await dove.kill();
      const cut = await reading;
      expect(cut.error).toMatch(/closed the connection|IMAP server|No answer|refused/);
      await dove.restart();
      const again = await checkMailbox(t.ctx, id, { page: 5 });
      expect(again.error).toBeNull();
      expect(await row(id)).toMatchObject({ read_count: 300, unmatched_count: 300, error: null });
      expect(
        await q(
          `select count(*)::int as n, count(distinct uid)::int as d, count(moved_at)::int as moved from bounce_reports where mailbox_id = $1`,
          [id],
        ),
      ).toEqual([{ n: 300, d: 300, moved: 300 }]);
      expect(await folders()).toEqual({ ...before, Unmatched: before.Unmatched! + 300 });
    },
  );

  it('keeps what it cannot use with a clear outcome: 20 MB, no parts, an unknown charset', async () => {
    const big = Buffer.concat([
      dsn({ rcpt: user(6), status: '5.1.1', diagnostic: '550 5.1.1 unknown', original: sent(6).headers }),
      Buffer.alloc(20 * 2 ** 20, 'x'),
    ]);
    const noParts = Buffer.from(
      'From: a@b.example\r\nSubject: empty report\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="z"\r\n\r\n',
    );
    const charset = readFileSync(new URL('../../../test/reports/bad-unknown-charset-qmail.eml', import.meta.url));
    await append([big, noParts, charset]);
    const id = await mailbox();
    expect(await checkMailbox(t.ctx, id)).toEqual({ read: 3, error: null });
    const rows = await q<{ outcome: string; size: number; kept: number; problems: string[] }>(
      `select outcome, size, length(raw) as kept, problems from bounce_reports where mailbox_id = $1 order by uid`,
      [id],
    );
    expect(rows[0]).toMatchObject({ outcome: 'permanent', kept: 64 * 1024, problems: ['truncated'] });
    expect(rows[0]!.size).toBeGreaterThan(20 * 2 ** 20);
    expect(rows[1]).toMatchObject({ outcome: 'unmatched' });
    expect(rows[2]!.outcome).toBe('unmatched'); // a qmail bounce of mail the console did not send
    // Each keeps its own first 64 KB, byte for byte (a page's reports travel as one parameter).
    const raws = await q<{ raw: Buffer }>(`select raw from bounce_reports where mailbox_id = $1 order by uid`, [id]);
    const firstBytes = (b: Buffer) =>
      b
        .subarray(0, 64 * 1024)
        .toString('latin1')
        .replace(/\r?\n/g, '\n');
    expect(raws.map((r) => firstBytes(r.raw))).toEqual([big, noParts, charset].map(firstBytes));
    expect(await q(`select reason from bounced_emails where email = $1`, [user(6)])).toEqual([
      { reason: 'bad-mailbox' },
    ]);
  });

  it('says what went wrong in plain words', async () => {
    const wrong = await mailbox({ password: 'nope' });
    expect(await checkMailbox(t.ctx, wrong)).toEqual({
      read: 0,
      error: 'Wrong user or password: the server refused the login.',
    });
    const missing = await mailbox({ folder: 'Bounces' });
    expect((await checkMailbox(t.ctx, missing)).error).toBe('The folder "Bounces" does not exist in the mailbox.');
    // plain IMAP to an address on the internet: refused before any connection
    const open = await mailbox({ host: '93.184.216.34' });
    expect((await checkMailbox(t.ctx, open)).error).toBe(PLAIN_REFUSED);
    expect(await row(open)).toMatchObject({ error: PLAIN_REFUSED });
  });
});

describe('VERP and ENVID on an SMTP relay (decision 1440)', () => {
  let dsnSink: SmtpSink;
  let campaignId: number;
  let user: (i: number) => string;
  let sent: (i: number) => ReceivedMessage;
  const DOMAIN = 'bounces.console.test';

  beforeAll(async () => {
    // a server that offers DSN (RFC 3461), as Postfix, Exim and the hosted relays do
    dsnSink = await startSmtpSink({ credentials: { user: 'vp', password: 'pw' }, dsn: true });
    const l = await bigList(t, owner, 4, 0);
    user = l.user;
    const group = await f.smtpRelayGroup({ owner });
    const relayId = await relayOn(t, { owner, groupId: group.id, port: dsnSink.port, account: 'vp', password: 'pw' });
    const server = (
      await q<{ id: number }>(`select smtp_server_id as id from smtp_relays where id = $1`, [relayId])
    )[0]!;
    const res = await t.as(owner, { method: 'GET', url: `/api/smtp_servers/${server.id}` });
    const { id: _i, user: _u, relaysCount: _r, ...body } = res.json() as Record<string, unknown>;
    const put = await t.as(owner, {
      method: 'PUT',
      url: `/api/smtp_servers/${server.id}`,
      payload: { ...body, returnPathDomain: 'Bounces.Console.Test.' },
    });
    expect(put.json()).toMatchObject({ returnPathDomain: DOMAIN });
    const c = await f.smtpCampaign({
      owner,
      emailListId: l.list.id,
      relayGroupId: group.id,
      mailProviderIds: [l.other],
    });
    campaignId = c.id;
    await startCampaign(t.ctx, c.id);
    await eventually(
      async () =>
        (await q<{ status: number }>('select status from campaigns where id = $1', [c.id]))[0]!.status ===
        CampaignStatus.Finished,
    );
    sent = (i) => dsnSink.messages.find((m) => m.to.includes(user(i)))!;
  });
  afterAll(() => dsnSink?.close());

  it('sends each message from its own VERP address, with its ENVID and ORCPT', () => {
    for (const i of [1, 2, 3, 4]) {
      const id = sent(i).headers.get('x-console-id')!;
      expect(sent(i).from).toBe(`bounce+${Buffer.from(id, 'base64url').toString('hex')}@${DOMAIN}`);
      expect(sent(i).dsn).toEqual({ envid: id, ret: 'HDRS', orcpt: `rfc822;${user(i)}` });
    }
  });

  it("matches reports that quote nothing of the original by the envelope's keys first", async () => {
    await append([
      // sent back to the VERP address, nothing of the original quoted
      dsn({ rcpt: user(1), status: '5.1.1', diagnostic: '550 5.1.1 user unknown', to: sent(1).from }),
      // only the ENVID returned (a relay that rewrites the envelope sender)
      dsn({ rcpt: user(2), status: '5.1.1', diagnostic: '550 5.1.1 user unknown', envelopeId: sent(2).dsn!.envid! }),
      // the VERP address of the third, quoting the headers of the fourth (a forward, a digest): the envelope wins
      dsn({
        rcpt: user(3),
        status: '5.2.2',
        diagnostic: '552 5.2.2 mailbox full',
        to: sent(3).from,
        original: sent(4).headers,
      }),
      // VERP of a domain nobody set, an id that does not decode: unmatched
      dsn({ rcpt: user(4), status: '5.1.1', diagnostic: '550 5.1.1 unknown', to: `bounce+${'ab'.repeat(16)}@x.test` }),
    ]);
    const id = await mailbox();
    expect(await checkMailbox(t.ctx, id)).toEqual({ read: 4, error: null });
    expect(
      await q(
        `select outcome, recipient, campaign_id as "campaignId" from bounce_reports where mailbox_id = $1 order by uid`,
        [id],
      ),
    ).toEqual([
      { outcome: 'permanent', recipient: user(1), campaignId },
      { outcome: 'permanent', recipient: user(2), campaignId },
      { outcome: 'temporary', recipient: user(3), campaignId },
      { outcome: 'unmatched', recipient: user(4), campaignId: null },
    ]);
    expect(
      await q(`select email from bounced_emails where email = any($1) order by email`, [[1, 2, 3, 4].map(user)]),
    ).toEqual([{ email: user(1) }, { email: user(2) }]);
    expect(await q(`select email from soft_bounces where email = any($1)`, [[1, 2, 3, 4].map(user)])).toEqual([
      { email: user(3) },
    ]);
  });
});

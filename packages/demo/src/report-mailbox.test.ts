import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReport } from '@console/server/src/suppression/reports/read-report.ts';
import { createTestApp, type TestApp } from '@console/server/test/harness.ts';
import { checkMailbox } from '@console/server/src/features/bounce-mailboxes/mailbox-check.ts';
import { signIn } from './api.ts';
import { chance, RATES, startReceiver, type Receiver } from './internet.ts';
import {
  ensureConsoleMailboxes,
  LATE,
  lateReport,
  REPORT_BOXES,
  startReportMailboxes,
  type ReportMailboxes,
} from './report-mailbox.ts';

/*
 * The demo's late reports (decision 1444) against real peers: mail over SMTP to the demo's receiver, the
 * reports it writes back put into Dovecot by IMAP APPEND in the mailbox of the sender's owner, each one a
 * report the console's reader understands and matches by the console's id.
 */

let receiver: Receiver;
let boxes: ReportMailboxes;
const posted: { mailFrom: string; rcpt: string }[] = [];

beforeAll(async () => {
  const started = await startReportMailboxes({ port: 0, delayMs: 0, log: () => {} });
  if (!started) throw new Error('Dovecot is not installed: .ci/run installs dovecot-imapd');
  boxes = started;
  receiver = await startReceiver(
    0,
    () => {},
    (mailFrom, rcpt, headers) => {
      const report = lateReport(rcpt, mailFrom, headers);
      if (!report) return;
      posted.push({ mailFrom, rcpt });
      boxes.post(mailFrom, report);
    },
  );
});
afterAll(async () => {
  await receiver?.close();
  await boxes?.close();
});

const inbox = async (user: string) => {
  const c = new ImapFlow({
    host: '127.0.0.1',
    port: boxes.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user, pass: 'demo-returns' },
    logger: false,
  });
  await c.connect();
  try {
    const lock = await c.getMailboxLock('INBOX');
    try {
      if (!c.mailbox || !c.mailbox.exists) return [];
      const out: Buffer[] = [];
      for await (const m of c.fetch('1:*', { source: true })) if (m.source) out.push(m.source);
      return out;
    } finally {
      lock.release();
    }
  } finally {
    await c.logout().catch(() => c.close());
  }
};

describe("the demo's mail servers write bounces and complaints back later", () => {
  it("into the sender's owner's mailbox on Dovecot, each matched by the console's id", async () => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: receiver.port,
      secure: false,
      ignoreTLS: true,
    });
    const addresses = Array.from({ length: 300 }, (_, i) => `late${i}@yahoo.com`).filter(
      (a) => chance(a, 'bounce') >= RATES.bounce,
    );
    const idOf = (a: string) => `id${a.replace(/\W/g, '')}`.padEnd(22, 'A').slice(0, 22);
    // a first 421 (the receiver defers some once) is followed by an accepted second attempt
    const send = (to: string) =>
      transport.sendMail({
        // bob's relays send with VERP (decision 1440): the envelope sender is his return-path domain's
        envelope: { from: `bounce+${'ab'.repeat(16)}@bounces.postlane.localhost`, to },
        from: 'offers1@postlane.localhost',
        to,
        subject: 'Meal kits',
        text: 'Hello',
        headers: { 'X-Console-Id': idOf(to) },
      });
    for (const to of addresses) await send(to).catch(() => send(to));
    transport.close();

    const expected = addresses.filter(
      (a) => chance(a, 'complaint') < LATE.complaint || chance(a, 'late-bounce') < LATE.bounce,
    );
    expect(expected.length).toBeGreaterThan(2);
    expect(posted.map((p) => p.rcpt)).toEqual(expected);
    const bob = REPORT_BOXES.find((b) => b.owner === 'bob')!.user;
    const alice = REPORT_BOXES.find((b) => b.owner === 'alice')!.user;
    await expect.poll(async () => (await inbox(bob)).length, { timeout: 30_000 }).toBe(expected.length);
    expect(await inbox(alice)).toEqual([]);

    const read = (await inbox(bob)).map((m) => readReport(m));
    // both kinds among them
    expect(new Set(read.map((r) => r.kind))).toEqual(new Set(['dsn', 'arf']));
    for (const r of read) {
      const rcpt = r.recipients[0]?.email ?? '';
      expect(r.kind).toBe(chance(rcpt, 'complaint') < LATE.complaint ? 'arf' : 'dsn');
      expect(r.keys.consoleId).toBe(idOf(rcpt));
      expect(r.recipients[0]?.outcome).toMatch(/^(permanent|temporary|complaint)$/);
    }
    expect(read.map((r) => r.recipients[0]?.email).sort()).toEqual([...expected].sort());
  }, 120_000);
});

describe("the demo's bounce mailboxes in the console", () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it("are made for alice's and bob's SMTP servers, bob's send with VERP, and the console reads them", async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const apis = {} as Record<'alice' | 'bob', Awaited<ReturnType<typeof signIn>>>;
    const servers = {} as Record<'alice' | 'bob', number>;
    for (const owner of ['alice', 'bob'] as const) {
      const u = await t.user({ username: owner });
      apis[owner] = await signIn(baseUrl, u.email, u.password);
      servers[owner] = (
        await apis[owner].post<{ id: number }>('/smtp_servers', { name: `smtp.${owner}`, host: '127.0.0.1', port: 25 })
      ).id;
    }
    await ensureConsoleMailboxes(apis, boxes.port);
    await ensureConsoleMailboxes(apis, boxes.port); // a later start finds them: one mailbox each
    const rows = await t.ctx.db.$client.query<{ id: number; username: string; servers: number[] }>(
      `select m.id, m.username, array_agg(s.smtp_server_id) as servers
         from bounce_mailboxes m join bounce_mailbox_servers s on s.mailbox_id = m.id group by m.id order by m.username`,
    );
    expect(rows.rows.map((r) => [r.username, r.servers])).toEqual([
      ['alice-returns', [servers.alice]],
      ['bob-returns', [servers.bob]],
    ]);
    const domains = await t.ctx.db.$client.query(
      `select name, return_path_domain as d from smtp_servers order by name`,
    );
    expect(domains.rows).toEqual([
      { name: 'smtp.alice', d: null },
      { name: 'smtp.bob', d: 'bounces.postlane.localhost' },
    ]);
    // the reports the first test put into bob's mailbox are read (unmatched here: no such campaign)
    const bob = rows.rows.find((r) => r.username === 'bob-returns')!;
    expect(await checkMailbox(t.ctx, bob.id)).toEqual({ read: posted.length, error: null });
  }, 60_000);
});

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import { factories } from '../../test/factories.ts';
import { startDnsServer } from '../../test/peers/dns-server.ts';
import { startSmtpSink, type SmtpSink } from '../../test/peers/smtp-sink.ts';
import { startCampaign } from './campaign-state.ts';
import { startSender, type Sender } from './sender/sender.ts';
import { bigList, relayOn } from './test-setup.ts';

/*
 * Issue 26: an SMTP campaign's messages, as a sink received them, checked by independent programs:
 * Debian's SpamAssassin with local rules only (`spamassassin -L -t`) and python3-dkim's verifier against
 * the key published on a DNS server on loopback (test/peers/dkimverify.py asks nothing else). `.ci/run`
 * installs both (apt packages spamassassin, python3-dkim, python3-dnspython).
 */

const VERIFY = fileURLToPath(new URL('../../test/peers/dkimverify.py', import.meta.url));
const SENDER_DOMAIN = 'news.example.com';

/** The standard test message: a short campaign mail with an offer link, an unsubscribe link and the pixel. */
export const STANDARD_MESSAGE = {
  subject: 'Your November picks, [name]',
  content: `<html><body>
<p>Hello [name],</p>
<p>Our autumn collection is in: warm jackets, wool scarves and boots for the colder days ahead.
Members get free delivery on every order this week.</p>
<p><a href="[offer]">See the new collection</a></p>
<p>Thank you for reading,<br>The Example Store team</p>
<p style="font-size:12px;color:#666">You receive this because you subscribed to our newsletter.
<a href="[unsub]">Unsubscribe</a></p>
[pixel]
</body></html>`,
};

interface Checked {
  score: number;
  rules: string[];
  dkim: string;
}

/** Runs a program on `input` without blocking this process (the DNS server on loopback answers meanwhile). */
function run(cmd: string, args: string[], input: Buffer) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'], timeout: 120_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** SpamAssassin's score and fired rules for one message (local tests only, no network, no user prefs). */
async function spamAssassin(raw: Buffer) {
  const r = await run('spamassassin', ['-L', '-t', '-x'], raw);
  const status = /^X-Spam-Status: (.*(?:\n[ \t].*)*)/m.exec(r.stdout)?.[1]?.replace(/\s+/g, ' ');
  if (!status) throw new Error(`spamassassin said nothing usable: ${r.stderr || r.stdout}`);
  const score = Number(/score=(-?[\d.]+)/.exec(status)![1]);
  const rules = (/tests=(\S*)/.exec(status)?.[1] ?? '').split(',').filter((x) => x && x !== 'none');
  return { score, rules, report: r.stdout.slice(r.stdout.indexOf('Content analysis details')) };
}

async function dkimVerify(raw: Buffer, dnsServers: string) {
  const r = await run('/usr/bin/python3', [VERIFY, dnsServers], raw);
  return { ok: r.status === 0, out: (r.stdout + r.stderr).trim() };
}

let t: TestApp;
let f: ReturnType<typeof factories>;
let sender: Sender;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let sink: SmtpSink;

beforeAll(async () => {
  dns = await startDnsServer();
  sink = await startSmtpSink({ keepRaw: true });
  t = await createTestApp({ env: { DNS_SERVERS: dns.servers, SENDER_RETRY_SECONDS: '0.2' } });
  f = factories(t);
  sender = await startSender(t.ctx);
});
afterAll(async () => {
  await sender?.stop();
  await sink?.close();
  await dns?.close();
  await t?.close();
});

describe('mail that receiving servers and filters accept (issue 26)', () => {
  it('signs every message with the domain’s published key, with complete list headers and a text part; SpamAssassin scores the standard message at most 1.0', async () => {
    const owner = await t.user();
    // The key, made in the console; the DNS check finds nothing, then the published record.
    const created = await t.as(owner, { method: 'POST', url: '/api/dkim_keys', payload: { domain: SENDER_DOMAIN } });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json<{ id: number; dnsName: string; dnsRecord: string }>();
    const check = () => t.as(owner, { method: 'POST', url: `/api/dkim_keys/${key.id}/check_dns` });
    expect((await check()).json()).toMatchObject({ status: 'missing' });
    dns.set({ txt: { [key.dnsName]: [key.dnsRecord] } });
    expect((await check()).json()).toMatchObject({ status: 'match' });

    const { list, other } = await bigList(t, owner, 3, 0);
    const group = await f.smtpRelayGroup({ owner });
    const relayId = await relayOn(t, { owner, groupId: group.id, port: sink.port, account: 'news', password: '' });
    // The sink takes mail without a login (account '').
    await t.ctx.db.$client.query(`update smtp_relays set sender_email = $1, account = '' where id = $2`, [
      `news@${SENDER_DOMAIN}`,
      relayId,
    ]);
    const links = async (type: 0 | 1 | 2, url: string) => {
      const g = await f.linkGroup({ owner, type });
      await f.link({ owner, groupId: g.id, url });
      return g.id;
    };
    const message = await f.message({ owner, ...STANDARD_MESSAGE });
    const campaign = await f.smtpCampaign({
      owner,
      emailListId: list.id,
      relayGroupId: group.id,
      mailProviderIds: [other],
      messageId: message.id,
      offerLinksId: await links(0, `https://${SENDER_DOMAIN}/t/c/[uuid]/[junk]`),
      unsubscribeLinksId: await links(1, `https://${SENDER_DOMAIN}/t/u/[uuid]`),
      pixelLinksId: await links(2, `https://${SENDER_DOMAIN}/t/o/[uuid]`),
      sender: 'Example Store',
    });
    await startCampaign(t.ctx, campaign.id);
    await eventually(async () => sink.messages.length >= 3, 60_000);

    const checked: Checked[] = [];
    for (const m of sink.messages) {
      const raw = m.raw!;
      const dkim = await dkimVerify(raw, dns.servers);
      const sa = await spamAssassin(raw);
      console.log(`message to ${m.to[0]}: dkimverify: ${dkim.out}; SpamAssassin ${sa.score}: ${sa.rules.join(', ')}`);
      const head = raw.toString('utf8', 0, raw.indexOf('\r\n\r\n'));
      expect(head).toMatch(/^List-Id: "[^"]+" <list-\d+\.user-\d+\.tracker\.test>$/m);
      expect(head).toMatch(/^List-Unsubscribe: <https:\/\/news\.example\.com\/t\/u\/[^>]+>$/m);
      expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(head).toMatch(/^Content-Type: multipart\/alternative;/m);
      expect(raw.toString()).toMatch(/Content-Type: text\/plain; charset=utf-8/);
      const signature = /^DKIM-Signature: (.*(?:\r\n[ \t].*)*)/m.exec(head)?.[1]?.replace(/\s+/g, '') ?? '';
      for (const h of ['from', 'subject', 'date', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post', 'list-id'])
        expect(signature.toLowerCase()).toMatch(new RegExp(`h=[^;]*\\b${h}\\b`));
      expect(dkim.ok, dkim.out).toBe(true);
      checked.push({ score: sa.score, rules: sa.rules, dkim: dkim.out });
      expect(sa.score, sa.report).toBeLessThanOrEqual(1.0);
    }
    expect(checked).toHaveLength(3);
    // Only loopback was asked.
    expect(dns.queries.every((q) => q.endsWith(key.dnsName) || q.startsWith('A ') || q.startsWith('MX '))).toBe(true);
  }, 240_000);

  it('does not sign when the relay’s provider signs, and a tampered message fails verification', async () => {
    const owner = await t.user();
    const domain = 'own.example.org';
    const created = await t.as(owner, { method: 'POST', url: '/api/dkim_keys', payload: { domain } });
    const key = created.json<{ dnsName: string; dnsRecord: string }>();
    dns.set({ txt: { [key.dnsName]: [key.dnsRecord] } });
    const { list, other } = await bigList(t, owner, 2, 0);
    const group = await f.smtpRelayGroup({ owner });
    const signed = await relayOn(t, { owner, groupId: group.id, port: sink.port, account: 'own1', password: '' });
    const unsigned = await relayOn(t, { owner, groupId: group.id, port: sink.port, account: 'own2', password: '' });
    await t.ctx.db.$client.query(
      `update smtp_relays set sender_email = account || '@' || $1::text, account = '', provider_signs = (id = $3)
        where id in ($2, $3)`,
      [domain, signed, unsigned],
    );
    const before = sink.messages.length;
    const campaign = await f.smtpCampaign({
      owner,
      emailListId: list.id,
      relayGroupId: group.id,
      mailProviderIds: [other],
    });
    await startCampaign(t.ctx, campaign.id);
    await eventually(async () => sink.messages.length >= before + 2, 60_000);
    const mine = sink.messages.slice(before).map((m) => m.raw!);
    const bySender = (a: string) => mine.find((r) => r.toString().includes(`<${a}@${domain}>`))!;
    expect(bySender('own2').toString()).not.toMatch(/^DKIM-Signature:/m);
    const raw = bySender('own1');
    expect((await dkimVerify(raw, dns.servers)).ok).toBe(true);
    const tampered = Buffer.from(raw.toString().replace(/^Subject: .*$/m, 'Subject: Something else'));
    expect(await dkimVerify(tampered, dns.servers)).toMatchObject({ ok: false });
  }, 120_000);

  it('announces the domain’s complaint address (CFBL, RFC 9477), both headers signed by the domain’s key', async () => {
    const owner = await t.user();
    const domain = 'cfbl.example.net';
    const created = await t.as(owner, { method: 'POST', url: '/api/dkim_keys', payload: { domain } });
    const key = created.json<{ id: number; dnsName: string; dnsRecord: string }>();
    dns.set({ txt: { [key.dnsName]: [key.dnsRecord] } });
    const put = (complaintAddress: unknown, as = owner) =>
      t.as(as, { method: 'PUT', url: `/api/dkim_keys/${key.id}/complaint_address`, payload: { complaintAddress } });
    // On the domain or a subdomain only (RFC 9477 §3.1), a real address, the owner's key only.
    expect((await put('fbl@elsewhere.example')).json()).toEqual({
      error: { complaintAddress: `The complaint address must be on ${domain} or one of its subdomains.` },
    });
    expect((await put('not an address')).json()).toEqual({
      error: { complaintAddress: 'Enter an e-mail address such as fbl@example.com.' },
    });
    expect((await put('fbl@cfbl.example.net', await t.user())).statusCode).toBe(404);
    const saved = await put('FBL@Reports.cfbl.example.net');
    expect([saved.statusCode, saved.json().complaintAddress]).toEqual([200, 'fbl@reports.cfbl.example.net']);

    const { list, other } = await bigList(t, owner, 2, 0);
    const group = await f.smtpRelayGroup({ owner });
    const signed = await relayOn(t, { owner, groupId: group.id, port: sink.port, account: 'cf1', password: '' });
    const unsigned = await relayOn(t, { owner, groupId: group.id, port: sink.port, account: 'cf2', password: '' });
    await t.ctx.db.$client.query(
      `update smtp_relays set sender_email = account || '@' || $1::text, account = '', provider_signs = (id = $3)
        where id in ($2, $3)`,
      [domain, signed, unsigned],
    );
    const before = sink.messages.length;
    const campaign = await f.smtpCampaign({
      owner,
      emailListId: list.id,
      relayGroupId: group.id,
      mailProviderIds: [other],
    });
    await startCampaign(t.ctx, campaign.id);
    await eventually(async () => sink.messages.length >= before + 2, 60_000);
    const mine = sink.messages.slice(before).map((m) => m.raw!.toString());
    const bySender = (a: string) => mine.find((r) => r.includes(`<${a}@${domain}>`))!;
    const raw = bySender('cf1');
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1];
    expect(header('CFBL-Address')).toBe('fbl@reports.cfbl.example.net; report=arf');
    // The Feedback-ID is the tracking id, as X-Console-Id: the ARF reader matches either (decision 1365).
    expect(header('CFBL-Feedback-ID')).toBe(header('X-Console-Id'));
    const signedHeaders = /^DKIM-Signature:[\s\S]*?\bh=([^;]+);/m.exec(raw)![1]!.replace(/\s+/g, '').toLowerCase();
    expect(signedHeaders.split(':')).toEqual(expect.arrayContaining(['cfbl-address', 'cfbl-feedback-id']));
    expect(/^DKIM-Signature:[\s\S]*?\bd=([^;]+);/m.exec(raw)![1]).toBe(domain);
    expect((await dkimVerify(Buffer.from(raw), dns.servers)).ok).toBe(true);
    // Covered: another address in the header breaks the signature.
    const tampered = raw.replace(/^CFBL-Address: .*$/m, 'CFBL-Address: evil@cfbl.example.net; report=arf');
    expect(await dkimVerify(Buffer.from(tampered), dns.servers)).toMatchObject({ ok: false });
    // The provider signs the other relay's mail: no CFBL without the console's signature.
    expect(bySender('cf2')).not.toMatch(/^CFBL-/m);
    // Removed: the next campaign's mail carries none.
    expect((await put('')).json().complaintAddress).toBeNull();
  }, 120_000);
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { startDovecot, type Dovecot } from '../../../test/peers/dovecot.ts';
import { dsn } from '../../../test/reports/build.ts';
import { checkMailbox } from './mailbox-check.ts';

/*
 * The IMAP reader over TLS (issue 39 section 2, decision 1382), against Dovecot with a self-signed
 * certificate made by openssl for `localhost`: implicit TLS and STARTTLS read the mailbox once the
 * certificate is trusted (as an operator trusts it with NODE_EXTRA_CA_CERTS); untrusted, or for another
 * host name, the check fails in plain words and reads nothing; a server that offers no STARTTLS is refused
 * rather than spoken to in clear.
 */

let t: TestApp;
let dove: Dovecot;
let plain: Dovecot;
let owner: TestUser;
let certDir: string;
let cert: string;
const defaultCAs = tls.getCACertificates('default');

const q = <T>(text: string, params: unknown[] = []) => t.ctx.db.$client.query(text, params).then((r) => r.rows as T[]);

beforeAll(async () => {
  certDir = mkdtempSync(path.join(os.tmpdir(), 'imap-cert-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      path.join(certDir, 'key.pem'),
      '-out',
      path.join(certDir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  cert = readFileSync(path.join(certDir, 'cert.pem'), 'utf8');
  t = await createTestApp();
  dove = await startDovecot({ tls: { cert: path.join(certDir, 'cert.pem'), key: path.join(certDir, 'key.pem') } });
  dove.addUser('bounces', 'secret');
  plain = await startDovecot();
  plain.addUser('bounces', 'secret');
  owner = await t.user();
});
afterAll(async () => {
  tls.setDefaultCACertificates(defaultCAs);
  await dove?.stop();
  await plain?.stop();
  await t?.close();
  rmSync(certDir, { recursive: true, force: true });
});

/** Puts reports in by IMAP APPEND over STARTTLS (the test's own client trusts the certificate). */
async function append(mails: Buffer[]) {
  const c = new ImapFlow({
    host: 'localhost',
    port: dove.port,
    secure: false,
    doSTARTTLS: true,
    tls: { ca: [cert] },
    auth: { user: 'bounces', pass: 'secret' },
    logger: false,
  });
  await c.connect();
  try {
    for (const m of mails) await c.append('INBOX', m);
  } finally {
    await c.logout().catch(() => c.close());
  }
}

async function mailbox(body: Record<string, unknown>) {
  const res = await t.as(owner, {
    method: 'POST',
    url: '/api/bounce_mailboxes',
    payload: { name: `tls ${Math.random()}`, username: 'bounces', password: 'secret', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const reports = (id: number) =>
  q<{ recipient: string }>(`select recipient from bounce_reports where mailbox_id = $1 order by uid`, [id]);

const report = (rcpt: string) => dsn({ rcpt, status: '5.1.1', diagnostic: '550 5.1.1 unknown' });

describe('a bounce mailbox over TLS, on Dovecot with a self-signed certificate', () => {
  it('refuses a certificate nobody trusts, in plain words, and reads nothing', async () => {
    await append([report('first@else.example')]);
    for (const [security, port] of [
      ['tls', dove.tlsPort],
      ['starttls', dove.port],
    ] as const) {
      const id = await mailbox({ host: 'localhost', port, security });
      const r = await checkMailbox(t.ctx, id);
      expect(r.read).toBe(0);
      expect(r.error).toMatch(/^The TLS connection failed: .*self[- ]signed certificate/);
      expect(await reports(id)).toEqual([]);
    }
  });

  it('reads the mailbox by implicit TLS and by STARTTLS once the certificate is trusted', async () => {
    tls.setDefaultCACertificates([...defaultCAs, cert]);
    const implicit = await mailbox({ host: 'localhost', port: dove.tlsPort, security: 'tls' });
    expect(await checkMailbox(t.ctx, implicit)).toEqual({ read: 1, error: null });
    expect(await reports(implicit)).toEqual([{ recipient: 'first@else.example' }]);

    await append([report('second@else.example')]);
    const starttls = await mailbox({ host: 'localhost', port: dove.port, security: 'starttls' });
    expect(await checkMailbox(t.ctx, starttls)).toEqual({ read: 1, error: null });
    expect(await reports(starttls)).toEqual([{ recipient: 'second@else.example' }]);
  });

  it('checks the host name: the certificate is for localhost, not for 127.0.0.1', async () => {
    tls.setDefaultCACertificates([...defaultCAs, cert]);
    const id = await mailbox({ host: '127.0.0.1', port: dove.tlsPort, security: 'tls' });
    const r = await checkMailbox(t.ctx, id);
    expect(r.error).toMatch(/^The TLS connection failed: .*(IP: 127\.0\.0\.1 is not in the cert's list|altnames)/);
  });

  it('never falls back to clear text when the server offers no STARTTLS', async () => {
    const id = await mailbox({ host: 'localhost', port: plain.port, security: 'starttls' });
    const r = await checkMailbox(t.ctx, id);
    expect(r.read).toBe(0);
    expect(r.error).toBe('The server does not offer STARTTLS.');
    expect(await reports(id)).toEqual([]);
  });
});

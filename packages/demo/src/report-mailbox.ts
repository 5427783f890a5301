import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { ImapFlow } from 'imapflow';
import { DOVECOT, startDovecot, type Dovecot } from '@console/server/test/peers/dovecot.ts';
import type { Api } from './api.ts';
import { chance } from './internet.ts';

/*
 * The demo's bounce mailboxes (issue 39 section 4, decision 1444): the demo's mail servers accept a message
 * and write back later, as receivers do, a bounce report (a mailbox that turned out full or closed) or a
 * complaint (an ARF report from a feedback loop) to the envelope sender. Each SMTP owner's reports land in
 * that owner's mailbox on a real IMAP server, Debian's Dovecot when it is installed, which the console's
 * mailbox job reads every minute: the Processed Reports screen, Bounced Emails, the soft counts and the
 * complaints fill as they would. Without Dovecot the demo says so and goes on (PMTA's accounting `f`
 * records still bring complaints).
 */

export const LATE = {
  /** Accepted, then bounced hours later (compressed to a minute): a full or closed mailbox. */
  bounce: 0.01,
  /** Accepted, delivered, then reported as spam by the recipient. */
  complaint: 0.004,
} as const;

/** Each SMTP owner's mailbox: the Dovecot user, and the envelope senders whose reports go there. */
export const REPORT_BOXES = [
  { owner: 'alice', user: 'alice-returns', domain: 'sendwave.localhost' },
  { owner: 'bob', user: 'bob-returns', domain: 'postlane.localhost' },
] as const;
const PASSWORD = 'demo-returns';

/** What the receiver writes back later about an accepted message, or null (most messages). */
export function lateReport(rcpt: string, mailFrom: string, headers: string): Buffer | null {
  const complaint = chance(rcpt, 'complaint') < LATE.complaint;
  if (!complaint && chance(rcpt, 'late-bounce') >= LATE.bounce) return null;
  const b = `r-${randomUUID()}`;
  const domain = rcpt.slice(rcpt.lastIndexOf('@') + 1);
  const full = chance(rcpt, 'late-kind') < 0.5;
  const head = [
    `Message-ID: <${randomUUID()}@mx.${domain}>`,
    `Date: ${new Date().toUTCString()}`,
    `To: ${mailFrom}`,
    `MIME-Version: 1.0`,
  ];
  const lines = complaint
    ? [
        `From: Feedback Loop <fbl@mx.${domain}>`,
        `Subject: Abuse report`,
        ...head,
        `Content-Type: multipart/report; report-type=feedback-report; boundary="${b}"`,
        ``,
        `--${b}`,
        `Content-Type: text/plain`,
        ``,
        `A recipient marked this message as spam.`,
        `--${b}`,
        `Content-Type: message/feedback-report`,
        ``,
        `Feedback-Type: abuse`,
        `User-Agent: demo-fbl/1.0`,
        `Version: 1`,
        `Original-Mail-From: <${mailFrom}>`,
        `Original-Rcpt-To: <${rcpt}>`,
        ``,
        `--${b}`,
        `Content-Type: text/rfc822-headers`,
        ``,
        headers,
        ``,
        `--${b}--`,
      ]
    : [
        `From: Mail Delivery System <MAILER-DAEMON@mx.${domain}>`,
        `Subject: Undelivered Mail Returned to Sender`,
        ...head,
        `Content-Type: multipart/report; report-type=delivery-status; boundary="${b}"`,
        ``,
        `--${b}`,
        `Content-Type: text/plain`,
        ``,
        `Your message was accepted but could not be delivered to its mailbox.`,
        `--${b}`,
        `Content-Type: message/delivery-status`,
        ``,
        `Reporting-MTA: dns; mx.${domain}`,
        ``,
        `Final-Recipient: rfc822; ${rcpt}`,
        `Action: failed`,
        full ? `Status: 5.2.2` : `Status: 5.1.1`,
        full
          ? `Diagnostic-Code: smtp; 552 5.2.2 <${rcpt}>: Mailbox full, over quota`
          : `Diagnostic-Code: smtp; 550 5.1.1 <${rcpt}>: Recipient address rejected: account closed`,
        ``,
        `--${b}`,
        `Content-Type: text/rfc822-headers`,
        ``,
        headers,
        ``,
        `--${b}--`,
      ];
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

export interface ReportMailboxes {
  port: number;
  /** Puts a report into the mailbox of the owner whose envelope sender it goes back to (later). */
  post(mailFrom: string, report: Buffer): void;
  close(): Promise<void>;
}

/** Dovecot with one user per SMTP owner, or null when Dovecot is not installed. */
export async function startReportMailboxes(o: {
  port: number;
  delayMs: number;
  log: (m: string) => void;
}): Promise<ReportMailboxes | null> {
  if (!fs.existsSync(DOVECOT)) return null;
  const dove: Dovecot = await startDovecot({ port: o.port });
  for (const b of REPORT_BOXES) dove.addUser(b.user, PASSWORD);
  const timers = new Set<NodeJS.Timeout>();
  const append = async (user: string, report: Buffer) => {
    const c = new ImapFlow({
      host: dove.host,
      port: dove.port,
      secure: false,
      doSTARTTLS: false,
      auth: { user, pass: PASSWORD },
      logger: false,
    });
    c.on('error', () => {});
    await c.connect();
    try {
      await c.append('INBOX', report);
    } finally {
      await c.logout().catch(() => c.close());
    }
  };
  return {
    port: dove.port,
    post(mailFrom, report) {
      const box = REPORT_BOXES.find((b) => mailFrom.toLowerCase().endsWith(b.domain));
      if (!box) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        append(box.user, report).catch((e: Error) => o.log(`report mailbox: ${e.message}`));
      }, o.delayMs);
      timers.add(timer);
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      await dove.stop();
    },
  };
}

/**
 * Each SMTP owner's bounce mailbox in the console, for their SMTP servers (made once; a later start finds
 * it by name). Bob's servers also send with VERP (decision 1440): his reports match by the envelope.
 */
export async function ensureConsoleMailboxes(apis: Record<'alice' | 'bob', Api>, port: number) {
  for (const b of REPORT_BOXES) {
    const api = apis[b.owner];
    const servers = await api.get<{ 'hydra:member': { id: number; name: string; host: string; port: number }[] }>(
      '/smtp_servers?pagination=false',
    );
    const mine = servers['hydra:member'];
    const boxes = await api.get<{ 'hydra:member': { id: number; name: string }[] }>('/bounce_mailboxes');
    const existing = boxes['hydra:member'].find((m) => m.name === 'Demo returns');
    const body = {
      name: 'Demo returns',
      host: '127.0.0.1',
      port,
      security: 'plain',
      username: b.user,
      password: PASSWORD,
      folder: 'INBOX',
      active: true,
      smtpServers: mine.map((s) => s.id),
    };
    if (existing) await api.put(`/bounce_mailboxes/${existing.id}`, body);
    else await api.post('/bounce_mailboxes', body);
    if (b.owner === 'bob')
      for (const s of servers['hydra:member']) {
        const full = await api.get<Record<string, unknown>>(`/smtp_servers/${s.id}`);
        const { id: _i, user: _u, relaysCount: _r, ...rest } = full;
        await api.put(`/smtp_servers/${s.id}`, { ...rest, returnPathDomain: `bounces.${b.domain}` });
      }
  }
}

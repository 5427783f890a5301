import { randomUUID } from 'node:crypto';

/*
 * Report mails built from a message the console sent (its headers as a sink received them), as receivers
 * write them: an RFC 3464 DSN with the original's headers, an RFC 5965 ARF complaint. For the bounce
 * mailbox tests (issue 39 section 5); the reader's own fixtures are the .eml files beside this one.
 */

const headersOf = (h: Map<string, string>) =>
  ['from', 'to', 'subject', 'message-id', 'x-console-id', 'date']
    .filter((n) => h.has(n))
    .map((n) => `${n.replace(/(^|-)(\w)/g, (_, d: string, c: string) => d + c.toUpperCase())}: ${h.get(n)}`)
    .join('\r\n');

export function dsn(o: {
  rcpt: string;
  status: string;
  diagnostic: string;
  original?: Map<string, string>;
  messageId?: string;
  action?: string;
  /** The envelope sender the report goes back to (a VERP address); bounces@console.test by default. */
  to?: string;
  /** The ENVID the message was sent with, returned as Original-Envelope-Id. */
  envelopeId?: string;
}): Buffer {
  const b = `b-${randomUUID()}`;
  return Buffer.from(
    [
      `From: Mail Delivery System <MAILER-DAEMON@mx.example.net>`,
      `To: ${o.to ?? 'bounces@console.test'}`,
      `Subject: Undelivered Mail Returned to Sender`,
      `Message-ID: ${o.messageId ?? `<${randomUUID()}@mx.example.net>`}`,
      `Date: Sun, 29 Nov 2026 01:00:00 +0000`,
      `MIME-Version: 1.0`,
      `Content-Type: multipart/report; report-type=delivery-status; boundary="${b}"`,
      ``,
      `--${b}`,
      `Content-Type: text/plain; charset=us-ascii`,
      ``,
      `I'm sorry to have to inform you that your message could not be delivered.`,
      ``,
      `--${b}`,
      `Content-Type: message/delivery-status`,
      ``,
      `Reporting-MTA: dns; mx.example.net`,
      ...(o.envelopeId ? [`Original-Envelope-Id: ${o.envelopeId}`] : []),
      ``,
      `Final-Recipient: rfc822; ${o.rcpt}`,
      `Action: ${o.action ?? 'failed'}`,
      `Status: ${o.status}`,
      `Diagnostic-Code: smtp; ${o.diagnostic}`,
      ``,
      `--${b}`,
      `Content-Type: text/rfc822-headers`,
      ``,
      o.original ? headersOf(o.original) : `Subject: something else`,
      ``,
      `--${b}--`,
      ``,
    ].join('\r\n'),
  );
}

export function arf(o: { rcpt: string; original: Map<string, string> }): Buffer {
  const b = `a-${randomUUID()}`;
  return Buffer.from(
    [
      `From: Yahoo! Mail AntiSpam Feedback <feedback@arf.mail.yahoo.com>`,
      `To: bounces@console.test`,
      `Subject: FW: complaint`,
      `Message-ID: <${randomUUID()}@arf.mail.yahoo.com>`,
      `MIME-Version: 1.0`,
      `Content-Type: multipart/report; report-type=feedback-report; boundary="${b}"`,
      ``,
      `--${b}`,
      `Content-Type: text/plain`,
      ``,
      `This is an email abuse report.`,
      ``,
      `--${b}`,
      `Content-Type: message/feedback-report`,
      ``,
      `Feedback-Type: abuse`,
      `User-Agent: Yahoo!-Mail-Feedback/2.0`,
      `Version: 1`,
      `Original-Rcpt-To: ${o.rcpt}`,
      ``,
      `--${b}`,
      `Content-Type: text/rfc822-headers`,
      ``,
      headersOf(o.original),
      ``,
      `--${b}--`,
      ``,
    ].join('\r\n'),
  );
}

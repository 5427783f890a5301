import type { OutgoingMessage } from './transport.ts';

/*
 * The message as RFC 5322 / MIME bytes, built directly: one text/html part in base64. nodemailer's MIME
 * composer streams every message through several transforms; a campaign's messages all have this one
 * shape, so building it here costs a fraction and lets the pooled transport write it in one piece.
 * Header values come from users' texts: line breaks are removed, non-ASCII becomes RFC 2047 words.
 */

const NEEDS_ENCODING = /[^\x20-\x7e]/;
const SPECIALS = /[()<>[\]:;@\\,."]/;
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

/** RFC 2047 encoded words of at most 75 characters, never splitting a character. */
function encodedWords(s: string): string {
  const words: string[] = [];
  let chunk = '';
  for (const ch of s) {
    if (Buffer.byteLength(chunk + ch) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join('\r\n ');
}

const text = (s: string) => {
  const v = oneLine(s);
  return NEEDS_ENCODING.test(v) || v.length > 900 ? encodedWords(v) : v;
};

function mailbox(name: string, address: string) {
  const n = oneLine(name).trim();
  if (!n) return `<${address}>`;
  if (NEEDS_ENCODING.test(n)) return `${encodedWords(n)} <${address}>`;
  return `${SPECIALS.test(n) ? `"${n.replace(/["\\]/g, '\\$&')}"` : n} <${address}>`;
}

const date = (d: Date) => d.toUTCString().replace(/GMT$/, '+0000');

/** The message's bytes, CRLF line ends, base64 body in 76-character lines. */
export function buildMime(m: OutgoingMessage, now = new Date()): Buffer {
  const lines = [
    `From: ${mailbox(m.from.name, m.from.address)}`,
    `To: <${m.to}>`,
    `Subject: ${text(m.subject)}`,
    `Date: ${date(now)}`,
    `Message-ID: ${m.messageId}`,
    'MIME-Version: 1.0',
  ];
  for (const [k, v] of Object.entries(m.headers)) lines.push(`${k}: ${text(v)}`);
  lines.push('Content-Type: text/html; charset=utf-8', 'Content-Transfer-Encoding: base64', '');
  const body = Buffer.from(m.html).toString('base64');
  const out: string[] = [lines.join('\r\n')];
  for (let i = 0; i < body.length; i += 76) out.push(body.slice(i, i + 76));
  return Buffer.from(out.join('\r\n') + '\r\n');
}

// @ts-nocheck
import crypto from 'node:crypto';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';
import { textOfHtml } from './text.ts';
import type { OutgoingMessage } from './transport.ts';

/*
 * The message as RFC 5322 / MIME bytes, built directly (decision 0802; issue 26, decision 1020):
 * multipart/alternative with a text/plain part (the message's own text, or one made from the HTML) and the
 * text/html part, both quoted-printable. nodemailer's MIME composer streams every message through several
 * transforms; a campaign's messages all have this one shape, so building it here costs a fraction and lets
 * the pooled transport write it in one piece. Header values come from users' texts: line breaks are
 * removed, non-ASCII becomes RFC 2047 encoded words, and every line stays within 76 octets when it holds
 * encoded words (RFC 2047 section 2) and within 78 otherwise (RFC 5322 section 2.1.1).
 */

const NEEDS_ENCODING = /[^\x20-\x7e]/;
const SPECIALS = /[()<>[\]:;@\\,."]/;
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

/** RFC 2047: a line holding encoded words is at most 76 octets; a word is `=?UTF-8?B?...?=`. */
const ENCODED_LINE_MAX = 76;
const WORD_OVERHEAD = '=?UTF-8?B??='.length;
/** Longest plain line before folding (RFC 5322: SHOULD be no more than 78 characters). */
const PLAIN_LINE_MAX = 78;

/** The most UTF-8 octets whose base64 fits `chars` characters. */
const octetsFor = (chars: number) => Math.floor(chars / 4) * 3;

/**
 * RFC 2047 encoded words, never splitting a character, folded so that each line (the first one after the
 * `prefix`, e.g. `Subject: `, the others after one space) is at most 76 octets.
 */
export function encodedWords(s: string, prefixLength: number): string {
  const words: string[] = [];
  let budget = octetsFor(ENCODED_LINE_MAX - prefixLength - WORD_OVERHEAD);
  let chunk = '';
  for (const ch of s) {
    if (chunk && Buffer.byteLength(chunk + ch) > budget) {
      words.push(chunk);
      chunk = '';
      budget = octetsFor(ENCODED_LINE_MAX - 1 - WORD_OVERHEAD);
    }
    chunk += ch;
  }
  if (chunk || !words.length) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join('\r\n ');
}

/** A plain ASCII value folded at spaces so lines stay within 78 characters where the words allow it. */
function foldPlain(v: string, prefixLength: number): string {
  if (prefixLength + v.length <= PLAIN_LINE_MAX) return v;
  const out: string[] = [];
  let line = '';
  let room = PLAIN_LINE_MAX - prefixLength;
  for (const word of v.split(/(?= )/)) {
    if (line && line.length + word.length > room) {
      out.push(line);
      line = word.startsWith(' ') ? word : ` ${word}`;
      room = PLAIN_LINE_MAX;
    } else line += word;
  }
  out.push(line);
  return out.join('\r\n');
}

/** An unstructured header's value (Subject, List-Id's phrase...), after `name: `. */
export function headerValue(name: string, s: string): string {
  const v = oneLine(s);
  const prefix = name.length + 2;
  if (NEEDS_ENCODING.test(v) || v.length > 900) return encodedWords(v, prefix);
  return foldPlain(v, prefix);
}

function mailbox(name: string, address: string) {
  const n = oneLine(name).trim();
  if (!n) return `<${address}>`;
  if (NEEDS_ENCODING.test(n)) return `${encodedWords(n, 'From: '.length)}\r\n <${address}>`;
  return `${SPECIALS.test(n) ? `"${n.replace(/["\\]/g, '\\$&')}"` : n} <${address}>`;
}

/** A List-Id: the list's name as a phrase (quoted or encoded), then `<id>` (RFC 2919). */
function listId(v: string) {
  const m = /^(.*?)\s*(<[^<>]+>)$/.exec(oneLine(v));
  if (!m) return headerValue('List-Id', v);
  const phrase = m[1]!.trim();
  if (!phrase) return m[2]!;
  if (NEEDS_ENCODING.test(phrase)) return `${encodedWords(phrase, 'List-Id: '.length)}\r\n ${m[2]}`;
  return `"${phrase.replace(/["\\]/g, '\\$&')}" ${m[2]}`;
}

const date = (d: Date) => d.toUTCString().replace(/GMT$/, '+0000');

/**
 * Quoted-printable in lines of at most 76 characters (soft breaks), CRLF line ends. Encoded line by line
 * (whitespace ending a line is encoded either way), each line through a small cache: a campaign's messages
 * share most of their lines, and nodemailer's byte-by-byte encoder was about a tenth of a worker's CPU
 * (issue 28, decision 1160). A printable ASCII line that needs no soft break (most lines, and most of the
 * lines only one message has: its name, its tracking id) is encoded by `qpAscii` without the cache, whose
 * lookups and churn cost more than encoding it (decision 1200); the others go through the cache.
 */
const QP_CACHE_LINES = 4096;
const qpLines = new Map<string, string>();
/** Printable ASCII and tab only: the characters quoted-printable keeps as they are, and `=`. */
const PRINTABLE = /^[\t\x20-\x7e]*$/;
const QP_LINE_MAX = 76;

/**
 * What nodemailer's `encode(line)` makes of a printable ASCII line, without its byte-by-byte loop: `=`
 * becomes `=3D` and whitespace ending the line is encoded. A test compares the two on random lines.
 */
export function qpAscii(line: string): string {
  let out = line.includes('=') ? line.replaceAll('=', '=3D') : line;
  const last = out.charCodeAt(out.length - 1);
  if (last === 0x20) out = `${out.slice(0, -1)}=20`;
  else if (last === 0x09) out = `${out.slice(0, -1)}=09`;
  return out;
}

/** One line (no line break in it) as quoted-printable, soft-broken within 76 characters. */
export function qpLine(line: string): string {
  const ascii = PRINTABLE.test(line);
  if (ascii && line.length <= QP_LINE_MAX) {
    const out = qpAscii(line);
    if (out.length <= QP_LINE_MAX) return out;
  }
  let out = qpLines.get(line);
  if (out === undefined) {
    out = qpWrap(ascii ? qpAscii(line) : qpEncode(Buffer.from(line)), QP_LINE_MAX);
    if (qpLines.size >= QP_CACHE_LINES) qpLines.clear();
    qpLines.set(line, out);
  }
  return out;
}

/** A part's body as quoted-printable: its lines (ended by LF or CRLF) each encoded, CRLF line ends. */
function qp(s: string): string {
  let out = '';
  for (let start = 0; ;) {
    const lf = s.indexOf('\n', start);
    const end = lf === -1 ? s.length : lf;
    out += qpLine(s.slice(start, end > start && s.charCodeAt(end - 1) === 13 ? end - 1 : end));
    if (lf === -1) return out;
    out += '\r\n';
    start = lf + 1;
  }
}

/**
 * The multipart boundary: a random prefix per process and a counter, not 12 random bytes per message
 * (`randomBytes` was 5 % of a worker's CPU, decision 1200). It need not be secret, only absent from the
 * parts: it starts with `=_`, which quoted-printable never writes (`=` is always `=XX` or a soft break).
 */
const BOUNDARY_PREFIX = crypto.randomBytes(6).toString('hex');
let boundaries = 0;
const nextBoundary = () => {
  boundaries = (boundaries + 1) % 0x1000000000000;
  return `=_alt_${BOUNDARY_PREFIX}${boundaries.toString(16).padStart(12, '0')}`;
};

/** The message's bytes, CRLF line ends: headers, then text/plain and text/html alternatives. */
export function buildMime(m: OutgoingMessage, now = new Date()): Buffer {
  const lines = [
    `From: ${mailbox(m.from.name, m.from.address)}`,
    `To: <${m.to}>`,
    `Subject: ${headerValue('Subject', m.subject)}`,
    `Date: ${date(now)}`,
    `Message-ID: ${m.messageId}`,
    'MIME-Version: 1.0',
  ];
  for (const [k, v] of Object.entries(m.headers))
    lines.push(`${k}: ${k.toLowerCase() === 'list-id' ? listId(v) : headerValue(k, v)}`);
  const boundary = nextBoundary();
  lines.push(`Content-Type: multipart/alternative; boundary="${boundary}"`, '');
  const text = m.text?.trim() ? m.text : textOfHtml(m.html);
  const out = `${lines.join('\r\n')}\r\n${part(boundary, 'text/plain', text)}\r\n${part(boundary, 'text/html', m.html)}\r\n--${boundary}--\r\n`;
  return Buffer.from(out);
}

function part(boundary: string, type: string, body: string) {
  return `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${qp(body)}`;
}

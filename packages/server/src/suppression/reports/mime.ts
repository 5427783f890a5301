/*
 * A small, bounded reader of a mail's MIME structure for bounce and complaint reports (issue 39, decision
 * 1364). mailparser merges `message/delivery-status` into the body text and walks into `message/rfc822`
 * without giving back the original message's header block, which is what a report is matched by; this reader
 * keeps every part with its own headers. It never throws: what it cannot read becomes a problem word.
 * Strings hold the bytes as latin1 (one character per byte) until a part's text is decoded by its charset.
 */

export type MimeProblem = 'no-headers' | 'broken-mime' | 'unknown-charset' | 'too-deep';

export interface MimeHeader {
  /** Lower-case name. */
  name: string;
  value: string;
}

export interface MimePart {
  headers: MimeHeader[];
  /** Lower-case `type/subtype`; text/plain when none is given. */
  contentType: string;
  /** Content-Type parameters, lower-case names. */
  params: Record<string, string>;
  /** The body as it stands in the mail (transfer encoding not undone), latin1. */
  body: string;
  children: MimePart[];
}

/** Parts nested deeper than this (a report inside a report inside ...) are not read. */
const MAX_DEPTH = 6;
/** At most this many parts are read in one mail. */
const MAX_PARTS = 200;

export const header = (headers: readonly MimeHeader[], name: string) => headers.find((h) => h.name === name)?.value;

/** A header block (folded lines joined); lines that are not `Name: value` are skipped. */
export function parseHeaders(block: string): MimeHeader[] {
  const out: MimeHeader[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && out.length) out[out.length - 1]!.value += ' ' + line.trim();
    else {
      const m = /^([!-9;-~]+)[ \t]*:(.*)$/.exec(line);
      if (m) out.push({ name: m[1]!.toLowerCase(), value: m[2]!.trim() });
    }
  }
  return out;
}

/** `type/subtype; a=b; c="d"` read into its type and parameters. */
export function parseContentType(value: string | undefined): { type: string; params: Record<string, string> } {
  const [type = '', ...rest] = (value ?? '').split(';');
  const params: Record<string, string> = {};
  for (const m of rest.join(';').matchAll(/([\w.*-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;\s]*)/g)) {
    params[m[1]!.toLowerCase()] = m[2]!.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1');
  }
  return { type: type.trim().toLowerCase() || 'text/plain', params };
}

/** Where the header block ends: the first empty line (or the end when there is none). */
function splitHead(raw: string): { head: string; body: string } {
  const m = /\r?\n\r?\n/.exec(raw);
  if (/^\r?\n/.test(raw)) return { head: '', body: raw.replace(/^\r?\n/, '') };
  if (!m) return { head: raw, body: '' };
  return { head: raw.slice(0, m.index), body: raw.slice(m.index + m[0].length) };
}

export interface MimeTree {
  root: MimePart;
  problems: Set<MimeProblem>;
}

/** The MIME tree of a mail given as latin1 text. */
export function parseMime(raw: string): MimeTree {
  const problems = new Set<MimeProblem>();
  let count = 0;
  const part = (text: string, depth: number): MimePart => {
    count++;
    const { head, body } = splitHead(text);
    const headers = parseHeaders(head);
    const { type, params } = parseContentType(header(headers, 'content-type'));
    const p: MimePart = { headers, contentType: type, params, body, children: [] };
    if (depth >= MAX_DEPTH || count >= MAX_PARTS) {
      if (type.startsWith('multipart/') || type === 'message/rfc822') problems.add('too-deep');
      return p;
    }
    if (type.startsWith('multipart/')) {
      const pieces = params.boundary ? splitMultipart(body, params.boundary) : null;
      if (!pieces) problems.add('broken-mime');
      for (const piece of pieces ?? []) p.children.push(part(piece, depth + 1));
    } else if (type === 'message/rfc822' || type === 'message/global') {
      p.children.push(part(decodeTransfer(p), depth + 1));
    }
    return p;
  };
  const root = part(raw, 0);
  if (!root.headers.length) problems.add('no-headers');
  return { root, problems };
}

/** The pieces between the boundary lines, or null when the body has no boundary line at all. */
function splitMultipart(body: string, boundary: string): string[] | null {
  const lines = body.split(/\r?\n/);
  const open = '--' + boundary;
  const pieces: string[] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    const t = line.trimEnd();
    if (t === open || t === open + '--') {
      if (current) pieces.push(current.join('\n'));
      current = t === open ? [] : null;
      if (t !== open) break;
    } else current?.push(line);
  }
  if (current) pieces.push(current.join('\n')); // a part cut by the read limit still counts
  return pieces.length || body.includes(open) ? pieces : null;
}

function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The part's bytes (latin1) with its Content-Transfer-Encoding undone. */
export function decodeTransfer(p: MimePart): string {
  const enc = (header(p.headers, 'content-transfer-encoding') ?? '').toLowerCase().trim();
  if (enc === 'base64') return Buffer.from(p.body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('latin1');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(p.body);
  return p.body;
}

/** Bytes (latin1) read in `charset`; an unknown charset is read as UTF-8 and noted. */
export function decodeCharset(bytes: string, charset: string | undefined, problems: Set<MimeProblem>): string {
  const buf = Buffer.from(bytes, 'latin1');
  try {
    return new TextDecoder(charset?.trim() || 'utf-8').decode(buf);
  } catch {
    problems.add('unknown-charset');
    return new TextDecoder('utf-8').decode(buf);
  }
}

/** A text part's text, decoded. */
export const partText = (p: MimePart, problems: Set<MimeProblem>) =>
  decodeCharset(decodeTransfer(p), p.params.charset, problems);

/** RFC 2047 encoded words (`=?utf-8?B?...?=`) of a header value decoded; unknown charsets are kept as text. */
export function decodeWords(value: string, problems: Set<MimeProblem>): string {
  return value
    .replace(/(=\?[^?]+\?[bBqQ]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?*]+)(?:\*[^?]*)?\?([bBqQ])\?([^?]*)\?=/g, (_, charset: string, enc: string, text: string) => {
      const bytes =
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('latin1')
          : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return decodeCharset(bytes, charset, problems);
    });
}

/** Every part of the tree, depth first. */
export function* walk(p: MimePart): Generator<MimePart> {
  yield p;
  for (const c of p.children) yield* walk(c);
}

import { TRACKING_ID_PATTERN } from '@console/shared/tracking';
import type { BounceCategory, BounceOutcome } from '../bounce-rules.ts';
import { classifyBounce } from '../bounces.ts';
import {
  decodeTransfer,
  decodeWords,
  header,
  parseHeaders,
  parseMime,
  partText,
  type MimeHeader,
  type MimePart,
  type MimeProblem,
} from './mime.ts';
import { readTextBounce, type TextFormat } from './text-bounces.ts';
import { verpTrackingId } from './verp.ts';

/*
 * One report mail read (issue 39, sections 2 and 3; decisions 1364-1367): what it is (a DSN, an ARF
 * complaint or something else), each recipient with its outcome through the one bounce classifier, and the
 * keys that match it to a message the console sent. Pure: bytes in, a value out, never a throw. The mailbox
 * job (a later part of the issue) stores the value and resolves the keys with the app secret.
 */

/** The first bytes of a report kept for the operator to read (the 64 KB). */
export const RAW_KEPT = 64 * 1024;
/** The bytes read for the structure: a report's own parts come before the returned message. */
export const READ_LIMIT = 512 * 1024;

export type ReportKind = 'dsn' | 'arf' | 'other';
export type ReportFormat = 'rfc3464' | 'rfc5965' | 'jmrp' | TextFormat | 'none';
/** A recipient's outcome: a bounce's, a complaint, or `none` (a delay warning, a success, a DMARC report). */
export type ReportOutcome = BounceOutcome | 'complaint' | 'none';
export type ReportProblem = MimeProblem | 'empty' | 'truncated' | 'no-recipient';

export interface ReportRecipient {
  /** The address the report names; null when the receiver withheld it (ARF reports often do). */
  email: string | null;
  /** RFC 3464's Action (failed, delayed, delivered, relayed, expanded), or `complaint`. */
  action: string;
  /** The enhanced status code (RFC 3463) when the report gives or its text contains one. */
  status: string | null;
  diagnostic: string | null;
  remoteMta: string | null;
  category: BounceCategory | null;
  outcome: ReportOutcome;
}

export interface Complaint {
  /** Feedback-Type, lower case: abuse, fraud, virus, other, not-spam, auth-failure... */
  feedbackType: string;
  userAgent: string | null;
  originalMailFrom: string | null;
  sourceIp: string | null;
  reportedDomain: string | null;
  arrivalDate: string | null;
}

/** What matches the report to a sent message; each is a tracking id's spelling or null. */
export interface MatchKeys {
  /** X-Console-Id of the original message (or its CFBL-Feedback-ID). */
  consoleId: string | null;
  /** The original message's Message-ID, `<...>`. */
  messageId: string | null;
  /** The DSN's Original-Envelope-Id: the tracking id the console gives as ENVID (PMTA injection). */
  envelopeId: string | null;
  /** The tracking id of a VERP envelope sender the report was sent back to. */
  verp: string | null;
}

export interface ParsedReport {
  kind: ReportKind;
  format: ReportFormat;
  subject: string;
  from: string;
  date: string | null;
  reportingMta: string | null;
  recipients: ReportRecipient[];
  complaint: Complaint | null;
  /** The original message's headers as quoted by the report, or null. */
  original: MimeHeader[] | null;
  keys: MatchKeys;
  problems: ReportProblem[];
  /** The report's first RAW_KEPT bytes, for display. */
  raw: Buffer;
  size: number;
}

const COMPLAINT_TYPES = new Set(['abuse', 'fraud', 'virus', 'other']);
/** An enhanced status code, not a piece of an IP address. */
const ENHANCED = /(?<![\d.])([245]\.\d{1,3}\.\d{1,3})(?![\d.])/;

/** The parts of the report itself: a returned message's own parts are not the report's. */
function* reportParts(p: MimePart): Generator<MimePart> {
  yield p;
  if (p.contentType !== 'message/rfc822') for (const c of p.children) yield* reportParts(c);
}

/** `rfc822; user@x` -> `user@x`. */
const addressOf = (v: string | undefined) => {
  const a = v
    ?.replace(/^[\w-]+;\s*/, '')
    .replace(/^<|>$/g, '')
    .trim();
  return a && a.includes('@') ? a : null;
};

/** RFC 3461 xtext (`+2B` for '+') decoded. */
const xtext = (v: string) => v.replace(/\+([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

const trackingId = (v: string | null | undefined) => {
  const t = v?.trim().replace(/^<|>$/g, '');
  return t && TRACKING_ID_PATTERN.test(t) ? t : null;
};

/** A DSN recipient's outcome: a failure goes through the classifier, anything else bounces nobody. */
function classify(action: string, status: string | null, diagnostic: string | null, bounceCat?: string) {
  const text = [diagnostic, diagnostic && ENHANCED.test(diagnostic) ? null : status].filter(Boolean).join(' ');
  const c = classifyBounce({ text: text || 'failed', bounceCat });
  return { category: c.category, outcome: action === 'failed' ? c.outcome : ('none' as const) };
}

/** The Action a DSN block states, or the one its Status implies when a sloppy server left it out. */
const actionOf = (a: string | undefined, status: string | null) =>
  a?.toLowerCase().split(/[\s(]/)[0] ||
  ({ '5': 'failed', '4': 'delayed', '2': 'delivered' } as Record<string, string>)[status?.[0] ?? ''] ||
  'failed';

function dsnRecipients(text: string) {
  const blocks = text
    .split(/\r?\n[ \t]*\r?\n/)
    .map(parseHeaders)
    .filter((b) => b.length);
  const perMessage = blocks[0] && !header(blocks[0], 'final-recipient') ? blocks.shift()! : [];
  const recipients: ReportRecipient[] = [];
  for (const b of blocks) {
    const email = addressOf(header(b, 'final-recipient')) ?? addressOf(header(b, 'original-recipient'));
    if (!email && !header(b, 'action')) continue;
    const status = ENHANCED.exec(header(b, 'status') ?? '')?.[1] ?? null;
    const diagnostic = header(b, 'diagnostic-code') ?? null;
    const action = actionOf(header(b, 'action'), status);
    recipients.push({
      email,
      action,
      status,
      diagnostic,
      remoteMta: header(b, 'remote-mta')?.replace(/^[\w-]+;\s*/, '') ?? null,
      // PowerMTA's own DSNs carry its bounce category, which the classifier takes first (decision 1360)
      ...classify(action, status, diagnostic, header(b, 'x-powermta-bouncecategory')),
    });
  }
  return { perMessage, recipients };
}

/** The original message's headers: a `message/rfc822` part's, or a `text/rfc822-headers` part's text. */
function originalOf(root: MimePart): MimeHeader[] | null {
  for (const p of reportParts(root)) {
    if (p === root) continue;
    if ((p.contentType === 'message/rfc822' || p.contentType === 'message/global') && p.children[0]?.headers.length)
      return p.children[0].headers;
    if (p.contentType === 'text/rfc822-headers' || p.contentType === 'message/global-headers') {
      const h = parseHeaders(decodeTransfer(p).split(/\r?\n\r?\n/)[0] ?? '');
      if (h.length) return h;
    }
  }
  return null;
}

const EMPTY_KEYS: MatchKeys = { consoleId: null, messageId: null, envelopeId: null, verp: null };

function keysOf(top: MimeHeader[], original: MimeHeader[] | null, perMessage: MimeHeader[], text: string): MatchKeys {
  const o = original ?? [];
  const consoleId =
    trackingId(header(o, 'x-console-id')) ??
    trackingId(header(o, 'cfbl-feedback-id')) ??
    // a bounce that quotes the headers in a way not read above still names the id on a line of its own
    trackingId(/^[ \t>]*X-Console-Id:[ \t]*([A-Za-z0-9_-]{22})\s*$/im.exec(text)?.[1]);
  const envelopeId = trackingId(xtext(header(perMessage, 'original-envelope-id') ?? ''));
  const verpFrom = [
    ...['delivered-to', 'x-original-to', 'envelope-to', 'x-envelope-to', 'to'].map((n) => header(top, n)),
    header(perMessage, 'x-postfix-sender'),
    header(o, 'return-path'),
  ];
  const verp = verpFrom.map((v) => (v ? verpTrackingId(v) : null)).find(Boolean) ?? null;
  const messageId = /<[^<>\s]+@[^<>\s]+>/.exec(header(o, 'message-id') ?? '')?.[0] ?? null;
  return { consoleId, messageId, envelopeId, verp };
}

function complaintOf(fields: MimeHeader[]): Complaint {
  const get = (n: string) => header(fields, n) ?? null;
  return {
    feedbackType: (get('feedback-type') ?? 'other').toLowerCase(),
    userAgent: get('user-agent'),
    originalMailFrom: addressOf(get('original-mail-from') ?? undefined),
    sourceIp: get('source-ip'),
    reportedDomain: get('reported-domain'),
    arrivalDate: get('arrival-date') ?? get('received-date'),
  };
}

/** The recipients of a complaint: Original-Rcpt-To, else the original To when it is a real address. */
function complainants(fields: MimeHeader[], original: MimeHeader[] | null, type: string): ReportRecipient[] {
  const outcome: ReportOutcome = COMPLAINT_TYPES.has(type) ? 'complaint' : 'none';
  const rcpts = fields.filter((h) => h.name === 'original-rcpt-to').map((h) => addressOf(h.value));
  const fallback =
    addressOf(header(original ?? [], 'x-hmxmroriginalrecipient')) ??
    addressOf(/[^\s<>"]+@[^\s<>"]+/.exec(header(original ?? [], 'to') ?? '')?.[0]);
  const emails = rcpts.filter(Boolean).length ? rcpts : [fallback];
  return emails.map((email) => ({
    email: email && !/redacted|^x+@/i.test(email) ? email : null,
    action: 'complaint',
    status: null,
    diagnostic: null,
    remoteMta: null,
    category: null,
    outcome,
  }));
}

/** One report mail read; never throws. */
export function readReport(mail: Buffer): ParsedReport {
  const problems = new Set<ReportProblem>();
  const raw = Buffer.from(mail.subarray(0, RAW_KEPT));
  if (mail.length > READ_LIMIT) problems.add('truncated');
  const text = mail.subarray(0, READ_LIMIT).toString('latin1');
  const tree = parseMime(text);
  for (const p of tree.problems) problems.add(p);
  const top = tree.root.headers;
  const mimeProblems = tree.problems as Set<MimeProblem>;
  const base = {
    subject: decodeWords(header(top, 'subject') ?? '', mimeProblems),
    from: decodeWords(header(top, 'from') ?? '', mimeProblems),
    date: header(top, 'date') ?? null,
    raw,
    size: mail.length,
  };
  const done = (r: Omit<ParsedReport, keyof typeof base | 'problems'>): ParsedReport => {
    for (const p of mimeProblems) problems.add(p);
    if ((r.kind === 'dsn' || r.kind === 'arf') && !r.recipients.length) problems.add('no-recipient');
    return { ...base, ...r, problems: [...problems] };
  };
  if (!mail.length || !text.trim()) {
    problems.add('empty');
    return done({ ...nothing(), keys: EMPTY_KEYS });
  }

  const parts = [...reportParts(tree.root)];
  const original = originalOf(tree.root);

  const feedback = parts.find((p) => p.contentType === 'message/feedback-report');
  if (feedback) {
    const fields = parseHeaders(partText(feedback, mimeProblems));
    const complaint = complaintOf(fields);
    return done({
      kind: 'arf',
      format: 'rfc5965',
      reportingMta: null,
      recipients: complainants(fields, original, complaint.feedbackType),
      complaint,
      original,
      keys: keysOf(top, original, fields, text),
    });
  }

  const status = parts.find(
    (p) => p.contentType === 'message/delivery-status' || p.contentType === 'message/global-delivery-status',
  );
  if (status) {
    const { perMessage, recipients } = dsnRecipients(partText(status, mimeProblems));
    if (recipients.length)
      return done({
        kind: 'dsn',
        format: 'rfc3464',
        reportingMta: header(perMessage, 'reporting-mta')?.replace(/^[\w-]+;\s*/, '') ?? null,
        recipients,
        complaint: null,
        original,
        keys: keysOf(top, original, perMessage, text),
      });
  }

  // Microsoft's JMRP before its move to ARF: the complained-of message attached, its recipient in a header.
  if (original && header(original, 'x-hmxmroriginalrecipient')) {
    const complaint = { ...complaintOf([]), feedbackType: 'abuse', userAgent: 'JMRP' };
    return done({
      kind: 'arf',
      format: 'jmrp',
      reportingMta: null,
      recipients: complainants([], original, 'abuse'),
      complaint,
      original,
      keys: keysOf(top, original, [], text),
    });
  }

  const textPart = parts.find((p) => p.contentType === 'text/plain' && !p.children.length);
  const body = textPart ? partText(textPart, mimeProblems) : '';
  const bounce = body ? readTextBounce(body) : null;
  if (bounce) {
    const quoted = bounce.original ? parseHeaders(bounce.original.split(/\r?\n\s*\r?\n/)[0] ?? '') : [];
    const orig = original ?? (quoted.length ? quoted : null);
    return done({
      kind: 'dsn',
      format: bounce.format,
      reportingMta: null,
      recipients: bounce.recipients.map((r) => {
        const action = r.delayed ? 'delayed' : 'failed';
        const st = ENHANCED.exec(r.diagnostic)?.[1] ?? null;
        return {
          email: r.email,
          action,
          status: st,
          diagnostic: r.diagnostic || null,
          remoteMta: null,
          ...classify(action, st, r.diagnostic),
        };
      }),
      complaint: null,
      original: orig,
      keys: keysOf(top, orig, [], text),
    });
  }

  return done({ ...nothing(), original, keys: keysOf(top, original, [], text) });
}

function nothing() {
  return {
    kind: 'other' as const,
    format: 'none' as const,
    reportingMta: null,
    recipients: [],
    complaint: null,
    original: null,
  };
}

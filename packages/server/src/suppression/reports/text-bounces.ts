/*
 * The plain-text bounces that carry no `message/delivery-status` part (issue 39, decision 1364): Exim's,
 * qmail's (and Yahoo's, which kept its wording), Exchange's "Diagnostic information for administrators" and
 * Gmail's "Delivery Status Notification". Each shape is a marker that says whose it is, the failed addresses
 * with the remote server's words under them, and a line after which the original headers are quoted.
 */

export type TextFormat = 'exim' | 'qmail' | 'exchange' | 'gmail';

export interface TextRecipient {
  email: string;
  diagnostic: string;
  /** A delay warning ("not yet been delivered"), not a failure. */
  delayed: boolean;
}

export interface TextBounce {
  format: TextFormat;
  recipients: TextRecipient[];
  /** The quoted original message (headers first), or null when none is quoted. */
  original: string | null;
}

/** An address in running text; bounded runs, so a long word is not rescanned from each of its letters. */
const ADDRESS = /[^\s<>()"',;:@]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,24}/;
const clean = (lines: string[]) =>
  lines
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');

/** The text after the first line matching `marker`, or null. */
function after(text: string, marker: RegExp): string | null {
  const m = marker.exec(text);
  return m ? text.slice(m.index + m[0].length).replace(/^[^\n]*\n/, '') : null;
}

function exim(text: string): TextBounce | null {
  if (!/This message was created automatically by mail\s+delivery software/i.test(text)) return null;
  const [head = ''] = text.split(/^-{3,} *This is a copy of the message/im);
  const delayed = /has not yet been delivered|delivery of the message is delayed/i.test(head);
  // "The following address(es) failed:", "... has not yet been delivered is:"
  const list = /(?:failed|delivered is|delivered are):[ \t]*\r?\n/i.exec(head);
  const recipients: TextRecipient[] = [];
  let current: { email: string; lines: string[] } | null = null;
  for (const line of head.slice(list ? list.index + list[0].length : 0).split(/\r?\n/)) {
    const addr = /^ {1,3}(\S+@\S+?)(?:\s|$)/.exec(line);
    if (addr && ADDRESS.test(addr[1]!)) {
      if (current) recipients.push({ email: current.email, diagnostic: clean(current.lines), delayed });
      current = { email: addr[1]!.replace(/^<|>$/g, ''), lines: [line.slice(addr[0].length)] };
    } else if (current && /^\s{3,}\S/.test(line)) current.lines.push(line);
    else if (current && line.trim()) {
      recipients.push({ email: current.email, diagnostic: clean(current.lines), delayed });
      current = null;
    }
  }
  if (current) recipients.push({ email: current.email, diagnostic: clean(current.lines), delayed });
  return { format: 'exim', recipients, original: after(text, /^-{3,} *This is a copy of the message[^\n]*$/im) };
}

/** qmail-send, and Yahoo's bounces in qmail's words. */
function qmail(text: string): TextBounce | null {
  if (!/This is the qmail-send program|unable to deliver your message to the following address/i.test(text))
    return null;
  const [head = ''] = text.split(/^--- (?:Below this line is a copy|Enclosed are the original headers)/im);
  const recipients: TextRecipient[] = [];
  for (const m of head.matchAll(
    /^<([^>\s@]{1,64}@[^>\s@]{1,255})>:[ \t]*\r?\n([\s\S]*?)(?=\r?\n\s*\r?\n|\r?\n<[^>\s@]{1,64}@|(?![\s\S]))/gm,
  )) {
    recipients.push({ email: m[1]!, diagnostic: clean(m[2]!.split(/\r?\n/)), delayed: false });
  }
  const original = after(
    text,
    /^--- (?:Below this line is a copy of the message|Enclosed are the original headers)[^\n]*$/im,
  );
  return { format: 'qmail', recipients, original };
}

function exchange(text: string): TextBounce | null {
  if (!/Diagnostic information for administrators/i.test(text)) return null;
  const [head = ''] = text.split(/^Original message headers:/im);
  const recipients: TextRecipient[] = [];
  // [ \t] rather than \s at the line's start: a run of blank lines must not be rescanned from every line
  const re =
    /^[ \t]*<?([^\s<>@]{1,64}@[^\s<>]{1,255}?)>?[ \t]*\r?\n[ \t]*(?:Remote Server returned '([^'\n]*)'|(#[^\n]*))/gm;
  for (const m of head.matchAll(re)) {
    const diagnostic = (m[2] ?? m[3]!.replace(/^#|##.*$/g, '')).trim();
    recipients.push({ email: m[1]!, diagnostic, delayed: /delay/i.test(head.slice(0, m.index)) });
  }
  return { format: 'exchange', recipients, original: after(text, /^Original message headers:[^\n]*$/im) };
}

function gmail(text: string): TextBounce | null {
  const older = /Delivery to the following recipient(?:s)? (failed permanently|has been delayed)/i.exec(text);
  const newer =
    /(?:Your message wasn't delivered to|There was a temporary problem delivering your message to) (\S+@[^\s,]+?)[.,]?\s/i.exec(
      text,
    );
  if (!older && !newer) return null;
  const delayed = older ? /delayed/i.test(older[1]!) : /temporary problem/i.test(newer![0]);
  const email = newer ? newer[1]! : (ADDRESS.exec(text.slice(older!.index + older![0].length))?.[0] ?? null);
  const details =
    /(?:Technical details of (?:permanent|temporary) failure:|The response (?:from the remote server )?was:)\s*\r?\n([\s\S]*?)(?=\r?\n\s*\r?\n|\r?\n-{3,}|$)/i.exec(
      text,
    );
  const recipients = email ? [{ email, diagnostic: clean((details?.[1] ?? '').split(/\r?\n/)), delayed }] : [];
  return { format: 'gmail', recipients, original: after(text, /^-{3,} ?Original message ?-{3,}[^\n]*$/im) };
}

/** The text bounce `text` is, or null when it is none of the known shapes. */
export function readTextBounce(text: string): TextBounce | null {
  return exim(text) ?? qmail(text) ?? exchange(text) ?? gmail(text);
}

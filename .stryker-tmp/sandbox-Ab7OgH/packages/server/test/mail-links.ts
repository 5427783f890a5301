// @ts-nocheck
import http from 'node:http';
import { simpleParser } from 'mailparser';

/*
 * A received message as a mail client sees it: parsed by a real MIME parser (mailparser), every URL of
 * every part and header collected. The link tests (issue 22) check those URLs and send their paths to the
 * console's tracker over HTTP.
 */

export interface FoundLink {
  /** Where it was found: `html`, `text` or the header's lower-case name. */
  where: string;
  url: string;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>()]+/gi;
const decodeEntities = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

/** A text part writes links as `text [url]` (html-to-text): the closing bracket is not the URL's. */
const unbracketed = (url: string) =>
  url.endsWith(']') && url.split(']').length > url.split('[').length ? url.slice(0, -1) : url;

/** Every http(s) URL of a raw message: in its HTML and text parts (decoded) and in every header line. */
export async function linksOf(raw: Buffer): Promise<{ links: FoundLink[]; html: string; text: string }> {
  // Only the parts the message has: no text made up from the HTML.
  const m = await simpleParser(raw, { skipHtmlToText: true });
  const html = typeof m.html === 'string' ? m.html : '';
  const text = m.text ?? '';
  const links: FoundLink[] = [];
  const scan = (where: string, s: string) => {
    for (const u of s.matchAll(URL_IN_TEXT)) links.push({ where, url: unbracketed(decodeEntities(u[0])) });
  };
  scan('html', html);
  scan('text', text);
  for (const h of m.headerLines) scan(h.key, h.line.slice(h.line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' '));
  for (const a of m.attachments) scan(`attachment ${a.filename ?? a.contentType}`, a.content.toString('utf8'));
  return { links, html, text };
}

/** A macro left unfilled: `[relay_host]`, or its percent-encoded form. */
export const PLACEHOLDER = /\[[A-Za-z_][\w]*\]|%5B[A-Za-z_][\w]*%5D/i;

/** The tracked kind of a link by its path: `/t/o/` open, `/t/c/` click, `/t/u/` unsubscribe. */
export const trackedKind = (url: string) =>
  (({ o: 'open', c: 'click', u: 'unsubscribe' }) as const)[/^\/t\/([ocu])\//.exec(new URL(url).pathname)?.[1] ?? ''];

/**
 * A link's request sent to a tracker listening on loopback `port`, with the link's own Host header: what
 * the relay host's port forwards to the console. Answers the status, location and body.
 */
export function hitTracker(
  port: number,
  url: string,
  method: 'GET' | 'POST' = 'GET',
  body?: string,
): Promise<{ status: number; location?: string; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: u.pathname + u.search,
        headers: {
          host: u.host,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

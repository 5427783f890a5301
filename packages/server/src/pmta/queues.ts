import { XMLParser } from 'fast-xml-parser';
import type { PmtaQueue, PmtaQueueAction } from '@console/shared/delivery';
import type { AppContext } from '../core/context.ts';
import { checkedFetch, httpUrl, outboundPolicy } from '../core/outbound.ts';
import type { PmtaServerRow } from './operations.ts';
import { pmtaConnections } from './ssh/connection.ts';

/*
 * A PMTA server's queues (issue 40, decision 1401): read from the HTTP management interface's
 * `/queues?format=xml`, else from `pmta show queues` over SSH; and the four queue actions over SSH. Element
 * and column names are read tolerantly (PMTA.md: a real server's may differ from the simulator's), and a
 * field a server does not give is null, never a guess.
 */

/** A slow server must not hold the polling pass: a reading, not a reason to wait. */
const HTTP_TIMEOUT_MS = 5_000;

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'queue' || name === 'error',
});

type Raw = Record<string, unknown>;

const text = (v: unknown): string | null => {
  if (v === undefined || v === null || typeof v === 'object') return null;
  const s = String(v).trim();
  return s === '' || s === '-' ? null : s;
};
const int = (v: unknown): number | null => {
  const s = text(v);
  return s !== null && /^\d+$/.test(s) ? Number(s) : null;
};
const first = (r: Raw, ...names: string[]) => names.map((n) => r[n]).find((v) => v !== undefined);
const time = (v: unknown): string | null => {
  const s = text(v);
  if (s === null) return null;
  const d = new Date(/^\d+$/.test(s) ? Number(s) * 1000 : s.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

/** One queue from its fields by name (XML elements, or the `show queues` columns). */
function queueOf(r: Raw): PmtaQueue | null {
  const name = text(first(r, 'name', 'queue'));
  const [domainPart, vmtaPart] = (name ?? '').split('/');
  const domain = (text(r.domain) ?? domainPart ?? '').toLowerCase();
  if (!domain) return null;
  const vmta = text(r.vmta) ?? (vmtaPart && vmtaPart !== '{default}' ? vmtaPart : '');
  const errors = (r.errors as Raw | undefined)?.error;
  const lastListed = Array.isArray(errors) ? text(errors[errors.length - 1]) : null;
  const mode = text(r.mode)?.toLowerCase() === 'backoff' ? 'backoff' : 'normal';
  return {
    queue: `${domain}/${vmta || '{default}'}`,
    domain,
    vmta,
    recipients: int(first(r, 'rcp', 'rcpt', 'recipients')) ?? 0,
    kb: int(first(r, 'kb', 'kB', 'size')) ?? 0,
    connections: int(first(r, 'conn', 'connections')) ?? 0,
    paused: /^(true|yes|1)$/i.test(text(r.paused) ?? ''),
    mode,
    modeSince: time(first(r, 'modeSince', 'mode-since')),
    backoffReason: mode === 'backoff' ? text(r.backoffReason) : null,
    lastError: text(first(r, 'lastError', 'last-error')) ?? lastListed,
    nextRetry: time(first(r, 'retryTime', 'next-retry', 'nextRetry')),
    delivered1h: int(first(r, 'deliveredLastHour', 'dlv-1h')),
    deferred1h: int(first(r, 'deferredLastHour', 'dfr-1h')),
  };
}

/** The queues of a `/queues?format=xml` page (root `<rsp><data>`); throws on a page that is not one. */
export function parseQueuesXml(xml: string): PmtaQueue[] {
  const doc = parser.parse(xml) as { rsp?: { data?: { queue?: Raw[] } | string } };
  if (!doc.rsp || doc.rsp.data === undefined) throw new Error('not a PowerMTA queues page');
  const data = typeof doc.rsp.data === 'object' ? doc.rsp.data : {};
  return (data.queue ?? []).map(queueOf).filter((q) => q !== null);
}

/**
 * The queues of `pmta show queues`: a header row of one-word names, then one row per queue whose cells are
 * one word each except the last column's (an error reply), which takes the rest of the line.
 */
export function parseShowQueues(out: string): PmtaQueue[] {
  const [header, ...lines] = out.split('\n').filter((l) => l.trim() !== '');
  const names = (header ?? '').trim().split(/\s+/);
  if (!names.includes('queue')) throw new Error('not a `pmta show queues` table');
  return lines
    .map((line) => {
      const words = line.trim().split(/\s+/);
      const cells = [...words.slice(0, names.length - 1), words.slice(names.length - 1).join(' ')];
      return queueOf(Object.fromEntries(names.map((n, i) => [n, cells[i] ?? ''])));
    })
    .filter((q) => q !== null);
}

export interface QueueReading {
  source: 'http' | 'ssh';
  queues: PmtaQueue[];
}

/** The server's queues: the HTTP interface when it answers a queues page, else `pmta show queues` over SSH. */
export async function readQueues(ctx: AppContext, server: PmtaServerRow): Promise<QueueReading> {
  try {
    const url = httpUrl(server.serverIp, server.pmtaHttpPort, '/queues?format=xml');
    const res = await checkedFetch(outboundPolicy(ctx.env), 'Server IP', url, {
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    if (res.ok) return { source: 'http', queues: parseQueuesXml(await res.text()) };
    await res.body?.cancel();
  } catch {
    // No HTTP interface (or not one we may read): the command line below.
  }
  const r = await pmtaConnections(ctx).exec(server, 'pmta show queues');
  if (r.code !== 0) throw new Error((r.stdout || r.stderr).trim().split('\n')[0] || 'pmta show queues failed');
  return { source: 'ssh', queues: parseShowQueues(r.stdout) };
}

/** The command of an action on one queue (a validated `domain/vmta`: no shell characters can reach it). */
export function queueCommand(action: PmtaQueueAction, queue: string): string {
  switch (action) {
    case 'normal':
      return `pmta set queue --mode=normal ${queue}`;
    case 'pause':
      return `pmta pause queue ${queue}`;
    case 'resume':
      return `pmta resume queue ${queue}`;
    case 'delete':
      return `pmta delete --queue=${queue}`;
  }
}

/** Runs an action; `delete` answers how many recipients the server deleted (null when it does not say). */
export async function queueAction(ctx: AppContext, server: PmtaServerRow, action: PmtaQueueAction, queue: string) {
  const r = await pmtaConnections(ctx).exec(server, queueCommand(action, queue));
  const out = (r.stdout || r.stderr).trim();
  if (r.code !== 0) return { ok: false as const, error: out.split('\n')[0]?.replace(/^error:\s*/i, '') || 'failed' };
  const deleted = /(\d+)\s+recipients?\s+deleted/i.exec(out);
  return { ok: true as const, deleted: action === 'delete' ? (deleted ? Number(deleted[1]) : null) : undefined };
}

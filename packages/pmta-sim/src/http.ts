import { createServer, type Server } from 'node:http';
import { bestMatch } from './net-match.ts';
import type { PmtaSim } from './sim.ts';

/*
 * The HTTP management interface (../shared/PMTA.md): `/status`, `/vmtas`, `/queues`, `/domains`, `/jobs`, answered in XML
 * (root `<rsp>`) whatever `format` asks. A client outside `http-access`, or matched by `none`, gets 403;
 * a config without http-access lets nobody in (decision 0900 has the element names).
 */

const esc = (v: unknown) =>
  String(v ?? '').replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

type Xml = { [tag: string]: unknown };

/** `{a: 1, b: {c: 2}, d: [{e: 3}]}` -> `<a>1</a><b><c>2</c></b><d><e>3</e></d>` (arrays repeat the tag). */
function xml(node: Xml): string {
  return Object.entries(node)
    .map(([tag, v]) => {
      const items = Array.isArray(v) ? v : [v];
      return items
        .map((i) =>
          i !== null && typeof i === 'object' ? `<${tag}>${xml(i as Xml)}</${tag}>` : `<${tag}>${esc(i)}</${tag}>`,
        )
        .join('');
    })
    .join('');
}

const kb = (bytes: number) => Math.ceil(bytes / 1024);

export function statusXml(sim: PmtaSim): Xml {
  const queues = [...sim.queues.queues.values()];
  const t = sim.traffic;
  return {
    mta: { version: sim.version, startTime: sim.startedAt.toISOString() },
    status: {
      traffic: {
        total: {
          in: { rcp: t.inRcp, msg: t.inMsg, kb: kb(t.inBytes) },
          out: { rcp: t.outRcp, msg: t.outRcp, kb: kb(t.outBytes) },
        },
      },
      queue: {
        smtp: {
          rcp: queues.reduce((n, q) => n + q.messages.length, 0),
          dom: queues.filter((q) => q.messages.length > 0).length,
          kb: kb(queues.reduce((n, q) => n + q.messages.reduce((s, m) => s + m.size, 0), 0)),
        },
      },
      conn: { smtpOut: { cur: queues.reduce((n, q) => n + q.inFlight, 0) } },
    },
  };
}

const iso = (ms: number | undefined) => (ms === undefined ? '' : new Date(ms).toISOString());

export function queuesXml(sim: PmtaSim): Xml {
  const now = sim.now();
  return {
    queue: [...sim.queues.queues.values()].map((q) => ({
      name: q.name,
      domain: q.domain,
      vmta: q.vmta,
      rcp: q.messages.length,
      kb: kb(q.messages.reduce((s, m) => s + m.size, 0)),
      conn: q.inFlight,
      paused: q.paused,
      mode: q.mode,
      modeSince: iso(q.modeSince),
      backoffReason: q.backoffReason,
      retryTime: iso(q.nextRetry),
      lastError: q.lastError,
      deliveredLastHour: q.lastHour(now).delivered,
      deferredLastHour: q.lastHour(now).deferred,
      errors: { error: q.recentErrors },
    })),
  };
}

/** Per recipient domain (all its VMTAs' queues): recipients and size queued, most recipients first. */
export function domainsXml(sim: PmtaSim): Xml {
  return { domain: domainTotals(sim).map((d) => ({ name: d.domain, rcp: d.rcp, kb: kb(d.bytes), queues: d.queues })) };
}

export function domainTotals(sim: PmtaSim) {
  const byDomain = new Map<string, { domain: string; rcp: number; bytes: number; queues: number }>();
  for (const q of sim.queues.queues.values()) {
    let d = byDomain.get(q.domain);
    if (!d) byDomain.set(q.domain, (d = { domain: q.domain, rcp: 0, bytes: 0, queues: 0 }));
    d.rcp += q.messages.length;
    d.bytes += q.messages.reduce((s, m) => s + m.size, 0);
    d.queues++;
  }
  return [...byDomain.values()].sort((a, b) => b.rcp - a.rcp || a.domain.localeCompare(b.domain));
}

export function vmtasXml(sim: PmtaSim): Xml {
  const config = sim.config;
  return {
    vmta: [...config.vmtas.values()].map((v) => {
      const queues = [...sim.queues.queues.values()].filter((q) => q.vmta === v.name);
      return {
        name: v.name,
        sourceIp: v.sourceIp ?? '',
        hostName: v.hostName ?? '',
        pools: { pool: [...config.pools].filter(([, m]) => m.includes(v.name)).map(([p]) => p) },
        rcp: queues.reduce((n, q) => n + q.messages.length, 0),
        conn: queues.reduce((n, q) => n + q.inFlight, 0),
        paused: queues.length > 0 && queues.every((q) => q.paused),
      };
    }),
  };
}

/** Per job (X-Job): recipients still queued and the outcomes so far. */
export function jobsXml(sim: PmtaSim): Xml {
  return {
    job: [...sim.queues.jobs].map(([id, j]) => ({
      id,
      queued: j.queued,
      delivered: j.delivered,
      bounced: j.bounced,
      deferred: j.deferred,
    })),
  };
}

const PAGES: Record<string, (sim: PmtaSim) => Xml> = {
  '/status': statusXml,
  '/queues': queuesXml,
  '/domains': domainsXml,
  '/vmtas': vmtasXml,
  '/jobs': jobsXml,
};

export function startHttp(sim: PmtaSim): Server {
  return createServer((req, res) => {
    const access = bestMatch(sim.config.httpAccess, (a) => a.address, req.socket.remoteAddress ?? '');
    if (!access || access.level === 'none') {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('403 access denied\n');
      return;
    }
    const page = PAGES[new URL(req.url ?? '/', 'http://pmta').pathname];
    if (!page || req.method !== 'GET') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('404 not found\n');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/xml; charset=utf-8' })
      .end(`<?xml version="1.0" encoding="utf-8"?>\n<rsp><data>${xml(page(sim))}</data></rsp>\n`);
  });
}

/**
 * Live queues benchmark (issue 40): node bench/queues/run.ts [servers] [queues]   (defaults 50 and 200)
 *
 * `servers` HTTP servers on loopback each answer a recorded PowerMTA `/queues?format=xml` page of `queues`
 * queues (the simulator's element names; a tenth of them in backoff with a reply) and one PMTA server row
 * points at each. Times the polling job's pass over all of them (fetch, parse, store, compare) and the
 * Delivery screen's calls through the app (inject, no socket): every server by mail service as an
 * administrator and as an owner of a fifth of them, and one server's queues. p50/p95 of 60 runs after 5
 * warm-ups. With RECORD=1 the figures are appended to RESULTS.md.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exit } from '../lib/hermetic.ts';
import { startBenchApp } from '../lib/bench-app.ts';
import { record } from '../lib/measure.ts';
import { readServers } from '../../packages/server/src/features/delivery/delivery.service.ts';

const SERVERS = Number(process.argv[2] ?? 50);
const QUEUES = Number(process.argv[3] ?? 200);
process.env.ALLOW_INTERNAL_URLS = 'true'; // the recorded pages are served from this machine

const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'hotmail.com', 'aol.com', 'icloud.com', 'gmx.de', 'web.de'];
const REPLY = '421 4.7.0 [TSS04] Messages from 10.1.1.1 temporarily deferred due to unexpected volume';

/** A `/queues` page as the simulator writes it: `queues` queues over 8 big domains and many small ones. */
function page(server: number): string {
  const rows: string[] = [];
  for (let i = 0; i < QUEUES; i++) {
    const domain = i < 40 ? DOMAINS[i % DOMAINS.length]! : `d${i}.example${server % 7}.com`;
    const vmta = `vmta-${server * 1000 + (i % 20)}`;
    const backoff = i % 10 === 3;
    rows.push(
      `<queue><name>${domain}/${vmta}</name><domain>${domain}</domain><vmta>${vmta}</vmta><rcp>${(i * 37) % 5000}</rcp>` +
        `<kb>${(i * 91) % 90000}</kb><conn>${i % 4}</conn><paused>${i % 50 === 7}</paused><mode>${backoff ? 'backoff' : 'normal'}</mode>` +
        `<modeSince>${backoff ? '2026-11-29T00:10:00.000Z' : ''}</modeSince><backoffReason>${backoff ? REPLY : ''}</backoffReason>` +
        `<retryTime>2026-11-29T01:40:00.000Z</retryTime><lastError>${backoff ? REPLY : ''}</lastError>` +
        `<deliveredLastHour>${i * 13}</deliveredLastHour><deferredLastHour>${backoff ? 120 : i % 3}</deferredLastHour>` +
        `<errors>${backoff ? `<error>${REPLY}</error>` : ''}</errors></queue>`,
    );
  }
  return `<?xml version="1.0" encoding="utf-8"?>\n<rsp><data>${rows.join('')}</data></rsp>\n`;
}

const peers: http.Server[] = [];
for (let s = 0; s < SERVERS; s++) {
  const body = page(s);
  const peer = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/xml' }).end(body));
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  peers.push(peer);
}

const { app, ctx, q, token: tokenOf, stop } = await startBenchApp('queues', { jobs: [], deadlineS: 600 });
await q(`insert into users (username, email, password_hash, roles, is_active)
  select 'u' || g, 'u' || g || '@example.com', 'x', case when g = 1 then '{ROLE_ADMIN,ROLE_USER}'::text[] else '{ROLE_USER}' end, true
  from generate_series(1, 5) g`);
const { rows: users } = await q(
  `select id, username, roles, token_generation as "tokenGeneration" from users order by id`,
);
for (const [s, peer] of peers.entries()) {
  await q(
    `insert into pmta_servers (name, server_ip, ip_list, user_id, pmta_http_port) values ($1, '127.0.0.1', '127.0.0.1', $2, $3)`,
    [`pmta-${s}`, users[s % 5]!.id, (peer.address() as AddressInfo).port],
  );
}
const admin = await tokenOf(users[0]!);
const owner = await tokenOf(users[1]!);
const { rows: firstServer } = await q(`select id from pmta_servers order by id limit 1`);

const pct = (xs: number[], p: number) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const lines: string[] = [];
const say = (l: string) => {
  console.log(l);
  lines.push(l);
};

const passes: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  await readServers(ctx, true);
  passes.push(performance.now() - t0);
}
const { rows: stored } =
  await q(`select count(*)::int as n, sum(jsonb_array_length(queues))::int as queues, count(error)::int as errors
  from pmta_queue_snapshots`);
say(`${SERVERS} servers x ${QUEUES} queues (${stored[0].queues} queues stored, ${stored[0].errors} read errors)`);
say(
  `polling pass over every server (HTTP, parse, store):  p50 ${pct(passes, 0.5).toFixed(0).padStart(5)} ms   max ${Math.max(
    ...passes,
  )
    .toFixed(0)
    .padStart(5)} ms`,
);

async function time(label: string, url: string, bearer: string) {
  await readServers(ctx, true); // fresh snapshots: the view kicks no read of its own while timed
  const run = async () => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return { ms: performance.now() - t0, bytes: res.body.length };
  };
  for (let i = 0; i < 5; i++) await run();
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 60; i++) {
    const r = await run();
    samples.push(r.ms);
    bytes = r.bytes;
  }
  say(
    `${label.padEnd(52)} p50 ${pct(samples, 0.5).toFixed(1).padStart(6)} ms   p95 ${pct(samples, 0.95).toFixed(1).padStart(6)} ms   ${(bytes / 1024).toFixed(0)} kB`,
  );
  return pct(samples, 0.95);
}

const p95 = await time(
  `GET /api/delivery/pmta_servers, admin (${SERVERS} servers)`,
  '/api/delivery/pmta_servers',
  admin,
);
await time(`GET /api/delivery/pmta_servers, owner (${SERVERS / 5} servers)`, '/api/delivery/pmta_servers', owner);
await time(
  `GET /api/delivery/pmta_servers/{id} (${QUEUES} queues)`,
  `/api/delivery/pmta_servers/${firstServer[0].id}`,
  admin,
);

record(import.meta.dirname, `${SERVERS} PMTA servers x ${QUEUES} queues`, lines);
await stop();
await Promise.all(peers.map((p) => new Promise((r) => p.close(r))));
await exit(p95 < 300 ? 0 : 1, p95 < 300 ? undefined : `p95 ${p95.toFixed(0)} ms is over 300 ms`);

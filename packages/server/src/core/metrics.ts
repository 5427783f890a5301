import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import client from 'prom-client';
import type { Env } from '../env.ts';

/*
 * What operators scrape (issue 23, README "Metrics"): the Prometheus text format through prom-client, served
 * on a port of its own (METRICS_PORT; unset = off) so that no API token or tracker route is involved, on
 * loopback unless METRICS_HOST says otherwise, behind METRICS_TOKEN when set (issue 37). Every
 * process keeps its own figures; Prometheus adds them up per role with its labels.
 */

export const registry = new client.Registry();

const counter = (name: string, help: string, labelNames: string[] = []) =>
  new client.Counter({ name, help, labelNames, registers: [registry] });

export const metrics = {
  /** Outcomes committed by this process's sender, by kind (delivered, injected, bounced, deferred, interrupted, retry). */
  outcomes: counter('console_messages_total', 'Messages whose outcome this process recorded, by outcome.', ['outcome']),
  inFlight: new client.Gauge({
    name: 'console_messages_in_flight',
    help: 'Messages handed to a relay whose outcome is not recorded yet.',
    registers: [registry],
  }),
  claimLag: new client.Gauge({
    name: 'console_claim_lag_seconds',
    help: 'Age of the oldest claimed row when this process last claimed (how long recipients wait once due).',
    registers: [registry],
  }),
  trackerHits: counter('console_tracker_hits_total', 'Tracking hits answered, by kind and answer (2xx or 503).', [
    'kind',
    'answer',
  ]),
  commitLatency: new client.Histogram({
    name: 'console_commit_seconds',
    help: 'Duration of group commits (sender outcomes, tracker hits).',
    labelNames: ['what'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  }),
  dbErrors: counter('console_database_errors_total', 'Errors of database connections (dropped, refused, failed).'),
};

/**
 * How long the main thread ran without a break, in its own CPU time (decision 1310): the most CPU it used
 * between two ticks of a 10 ms timer since the previous scrape. Unlike the event-loop delay (prom-client's
 * nodejs_eventloop_lag_*), a busy machine does not inflate it: a thread waiting for a core uses no CPU.
 * What it shows is work that holds every request up, such as an import on the wrong thread.
 */
function blockingProbe() {
  if (typeof process.threadCpuUsage !== 'function') return; // Node < 23.9
  let max = 0;
  let last = process.threadCpuUsage();
  setInterval(() => {
    const used = process.threadCpuUsage(last);
    last = process.threadCpuUsage();
    max = Math.max(max, (used.user + used.system) / 1e6);
  }, 10).unref();
  new client.Gauge({
    name: 'console_main_thread_block_max_seconds',
    help: 'The most CPU the main thread used between two 10 ms timer ticks since the last scrape (a blocked event loop).',
    registers: [registry],
    collect() {
      this.set(max);
      max = 0;
    },
  });
}

const sameText = (a: string, b: string) => {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
};

/**
 * Serves /metrics on `port` (0 = any free port, for tests) and `host`; with a `token`, only to
 * `Authorization: Bearer <token>`. Resolves with the server.
 */
export async function serveMetrics(port: number, host: string, token?: string): Promise<http.Server> {
  // Registered once per process: a second call throws (the tests start several servers).
  if (!registry.getSingleMetric('process_cpu_user_seconds_total')) {
    client.collectDefaultMetrics({ register: registry });
    blockingProbe();
  }
  const server = http.createServer((req, res) => {
    if (req.url !== '/metrics') {
      res.writeHead(404).end('Not found.');
      return;
    }
    if (token !== undefined && !sameText(req.headers.authorization ?? '', `Bearer ${token}`)) {
      res.writeHead(401, { 'www-authenticate': 'Bearer' }).end('Unauthorized.');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (e: Error) => res.writeHead(500).end(e.message),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/** The process's metrics server as the environment says (METRICS_PORT, METRICS_HOST, METRICS_TOKEN); unset port: none. */
export async function startMetrics(env: Pick<Env, 'METRICS_PORT' | 'METRICS_HOST' | 'METRICS_TOKEN'>) {
  if (env.METRICS_PORT === undefined) return undefined;
  const server = await serveMetrics(env.METRICS_PORT, env.METRICS_HOST, env.METRICS_TOKEN);
  const a = server.address() as net.AddressInfo;
  console.log(`metrics on ${a.address}:${a.port} (/metrics${env.METRICS_TOKEN ? ', bearer token' : ''})`);
  return server;
}

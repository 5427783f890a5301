import { z } from 'zod';
import net from 'node:net';
import path from 'node:path';
import { DEFAULT_ROW_CAPS, ROW_CAP_NAMES, type RowCapName } from '@console/shared/uploads';

/** `address` or `address/prefix`, IPv4 or IPv6, or one of proxy-addr's names. */
export function isAddressOrCidr(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** A comma-separated list of addresses or CIDRs; a wrong entry stops the start, named. */
const addressList = () =>
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .superRefine((list, c) => {
      for (const bad of list.filter((e) => !isAddressOrCidr(e)))
        c.addIssue({ code: 'custom', message: `"${bad}" is not an address or a CIDR (e.g. 10.0.0.0/8)` });
    });

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Where the retention job writes the partitions it archives (decision 1370); default `DATA_DIR/archive`. */
  ARCHIVE_DIR: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  /**
   * PostgreSQL itself, when DATABASE_URL goes through a transaction-pooling PgBouncer (decision 1410): the
   * connections that keep session state (LISTEN/NOTIFY, pg-boss, advisory locks, TEMP tables) use it. A
   * pooled DATABASE_URL without it stops the start, saying so.
   */
  DATABASE_DIRECT_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /**
   * A streaming read replica (decision 1411): the reports and the exports read there, and say how far
   * behind it is. Unset: they read the primary.
   */
  DATABASE_READ_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /**
   * The most connections this process keeps to DATABASE_URL at once (its pool; the read replica's pool is
   * half of it). PostgreSQL's `max_connections`, or PgBouncer's `max_client_conn`, must hold this times the
   * processes, plus the direct connections (docs/operations.md "Deployment").
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(1_000).default(20),
  APP_SECRET: z.string().min(32, 'APP_SECRET must have at least 32 characters').optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must have at least 8 characters').optional(),
  /**
   * What this process does: `all` (default) everything; `api` the HTTP API, the live hub and the tracker;
   * `worker` background jobs and the campaign senders; `tracker` only the tracking endpoints (/t/, /postback).
   */
  ROLE: z.enum(['all', 'api', 'worker', 'tracker']).default('all'),
  /**
   * The port of this process's Prometheus metrics (`GET /metrics`, text format; README "Metrics"). Unset:
   * not served. Each process needs a port of its own when several run on one machine.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The address /metrics listens on: loopback unless a scraper elsewhere needs it (then set METRICS_TOKEN). */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** When set, /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must have at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /**
   * Proxies whose X-Forwarded-For is believed (addresses or CIDRs, comma-separated, e.g. `127.0.0.1,10.0.0.0/8`).
   * Unset: the client address is the socket's, so nobody can pick their own address by sending the header.
   */
  TRUST_PROXY: addressList().optional(),
  /**
   * Lets every outbound connection made for a user (SSH and HTTP to PMTA servers, SMTP relay hosts, socks
   * proxies, offer checks, later fetches; core/outbound.ts) reach internal addresses: `true` for all, or
   * the addresses/CIDRs (or loopback, linklocal, uniquelocal) allowed. Off by default. Metadata,
   * unspecified, multicast and the console's own port are refused whatever this says.
   */
  ALLOW_INTERNAL_URLS: z
    .string()
    .optional()
    .transform((v) => (!v || v === 'false' || v === '0' ? '' : v === 'true' || v === '1' ? 'all' : v))
    .pipe(
      z.union([
        z.literal('').transform(() => false as const),
        z.literal('all').transform(() => true as const),
        addressList(),
      ]),
    ),
  /**
   * Where a socks proxy check connects through the proxy (host:port): by default Gmail's inbound MX on port
   * 25, since the proxies carry SMTP. Tests point it at a listener on loopback.
   */
  SOCKS_CHECK_TARGET: z
    .string()
    .regex(/^[^\s:]+:\d{1,5}$/, 'must be host:port')
    .default('gmail-smtp-in.l.google.com:25')
    .transform((v) => ({ host: v.slice(0, v.lastIndexOf(':')), port: Number(v.slice(v.lastIndexOf(':') + 1)) })),
  /** How long a socks check waits for the proxy (handshake and CONNECT), in milliseconds. */
  SOCKS_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * The DNS servers the console asks (blocklists, MX hosts of the lists' domains): `ip` or `ip:port`,
   * comma-separated. Empty: the system's resolvers. Tests point it at a server on loopback.
   */
  DNS_SERVERS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-f:]+\](:\d{1,5})?|[0-9a-f:]+)$/i, 'must be ip or ip:port'),
      ),
    ),
  /**
   * The jobs this process works and schedules: job names (`campaign.prepare`) or prefixes (`campaign.*`),
   * comma-separated. Empty (default): every job. A bench runs only the jobs it measures, so an hourly job
   * cannot change the run (bench/inject once paused when the blocklist job re-rated its relays).
   */
  JOBS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*(\.\*)?$/, 'must be a job name or a prefix like campaign.*')),
    ),
  /**
   * The most rows one uploaded file may hold, per kind, over the defaults (decision 1311): `kind=rows`,
   * comma-separated, kinds named as UploadKinds (`socks=2000000,emails=20000000`). A wrong entry stops the start.
   */
  IMPORT_MAX_ROWS: z
    .string()
    .default('')
    .transform((v, c) => {
      const caps: Record<RowCapName, number> = { ...DEFAULT_ROW_CAPS };
      for (const entry of v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean)) {
        const [name = '', rows = ''] = entry.split('=').map((p) => p.trim());
        if (!ROW_CAP_NAMES.includes(name as RowCapName) || !/^\d{1,10}$/.test(rows) || +rows < 1)
          c.addIssue({
            code: 'custom',
            message: `"${entry}": expected kind=rows, kind one of ${ROW_CAP_NAMES.join(', ')}`,
          });
        else caps[name as RowCapName] = +rows;
      }
      return caps;
    }),
  /** How long one DNS question may take, in milliseconds. */
  DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /**
   * The console runs on the demo's data (`npm run demo`, packages/demo): the header says "Demo" (the
   * profile carries `demo: true`). Nothing else changes.
   */
  DEMO: z
    .string()
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /** Messages one sender process has in flight at most, and SMTP sessions per relay (sending/sender.ts). */
  SENDER_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(100),
  SENDER_CONNECTIONS_PER_RELAY: z.coerce.number().int().min(1).max(100).default(5),
  /** Injection sessions of one worker process to one PMTA server (all its relays share them). */
  SENDER_CONNECTIONS_PER_PMTA_SERVER: z.coerce.number().int().min(1).max(500).default(20),
  /**
   * The Delivery screen (decision 1403): a relay or PMTA queue in backoff longer than this many minutes tells
   * its owner, once per backoff; and how often the servers someone watches are read, in seconds.
   */
  DELIVERY_BACKOFF_ALERT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  DELIVERY_WATCHED_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(5),
  /** The first retry of a 4xx-deferred recipient, in seconds (doubling on each further attempt). */
  SENDER_RETRY_SECONDS: z.coerce.number().min(0.1).max(86_400).default(60),
  /**
   * This console's tracker as the internet reaches it (`https://t.example.com`, no path): an SMTP campaign
   * without an unsubscribe link group unsubscribes through `<TRACKER_URL>/t/u/<id>`, and its host names the
   * List-Id namespace (issue 26). Unset: such a campaign cannot start.
   */
  TRACKER_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^https?:\/\/[^/\s?#]+$/i, 'must be http(s)://host[:port], without a path')
      .optional(),
  ),
});

export type Env = z.infer<typeof schema> & { DATA_DIR: string; ARCHIVE_DIR: string };

/** Parses the environment once at boot; a bad value stops the start with a clear message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const archiveDir = path.resolve(parsed.data.ARCHIVE_DIR ?? path.join(dataDir, 'archive'));
  return { ...parsed.data, DATA_DIR: dataDir, ARCHIVE_DIR: archiveDir };
}

import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import {
  BACKOFF_QUEUE_RECIPIENTS,
  HTTP_CHECK_TIMEOUT_MS,
  QUEUED_RECIPIENTS_MAX,
  RELAY_LINK_PORT,
  SSH_CHECK_TIMEOUT_MS,
  TRACKER_CHECK_TIMEOUT_MS,
  TroubleReportMessages,
  type TroubleName,
} from '@console/shared/pmta-trouble-report';
import type { AppContext } from '../../core/context.ts';
import { OutboundRefusedError, checkedFetch, httpUrl, outboundPolicy } from '../../core/outbound.ts';
import { CONFIG_PATH, generateConfig } from '../../pmta/config/generate.ts';
import { loadConfigData } from '../../pmta/config/load.ts';
import type { PmtaServerRow } from '../../pmta/operations.ts';
import { PmtaSshError, pmtaConnections } from '../../pmta/ssh/connection.ts';
import { trackerKey, TRACKER_NAME } from '../../tracking/ping.ts';
import { troubledCampaigns } from './pmta-trouble-report.repo.ts';
import { serverOutcomeGaps } from '../../pmta/accounting/no-outcome.ts';
import { NO_OUTCOME } from '@console/shared/pmta-campaigns';

/*
 * The six checks of one PMTA server (decision 0906). Each sets a flag (true = trouble) and a detail; a
 * check that cannot run because another failed first is left out, its detail saying why. Every check is
 * bounded by a timeout, so a dead server answers within seconds.
 */

export interface CheckResult {
  troubles: Partial<Record<TroubleName, boolean>>;
  details: Partial<Record<TroubleName, string>>;
}

const NO_SSH = TroubleReportMessages.notChecked('the server cannot be reached over SSH.');
const NOT_RUNNING = TroubleReportMessages.notChecked('the PMTA service is not running.');
const NO_HTTP = TroubleReportMessages.notChecked('the HTTP interface does not answer.');

class CheckTimeout extends Error {}

/** `p`, or a CheckTimeout after `ms` (the operation itself is left to its own timeout). */
function within<T>(ms: number, p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`${what} did not answer within ${ms / 1000} s.`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e)).replace(/^Error: /, '');
const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

// ---- over SSH: online, service, config --------------------------------------------------------------

async function sshChecks(ctx: AppContext, server: PmtaServerRow, r: CheckResult) {
  const pool = pmtaConnections(ctx);
  const bounded = <T>(p: Promise<T>) => within(SSH_CHECK_TIMEOUT_MS, p, server.name);
  let active;
  try {
    active = await bounded(pool.exec(server, 'systemctl is-active pmta'));
  } catch (e) {
    set(r, 'online', true, reason(e));
    r.details.service = r.details.config = NO_SSH;
    return;
  }
  set(r, 'online', false, `SSH login as ${server.serverUsername} on port ${server.sshPort} works.`);
  const state = active.stdout.trim() || `exit code ${active.code}`;
  set(r, 'service', active.code !== 0, `systemctl is-active pmta: ${state}`);
  try {
    const [onServer, data] = await Promise.all([
      bounded(pool.readFile(server, CONFIG_PATH)).catch((e: unknown) => {
        if (e instanceof PmtaSshError && e.sftpCode === 2) return null; // no such file
        throw e;
      }),
      loadConfigData(ctx.db, server.id),
    ]);
    set(r, 'config', ...configVerdict(onServer?.toString('utf8') ?? null, data ? generateConfig(data) : ''));
  } catch (e) {
    set(r, 'config', true, `${CONFIG_PATH} could not be read: ${reason(e)}`);
  }
}

/** The config on the server against the one the console generates now. */
export function configVerdict(onServer: string | null, expected: string): [boolean, string] {
  if (onServer === null) return [true, `${CONFIG_PATH} is missing: upload the config from the server's edit page.`];
  if (onServer === expected) return [false, `${CONFIG_PATH} is the console's current config.`];
  const a = onServer.split('\n');
  const b = expected.split('\n');
  let line = 0;
  while (line < a.length && a[line] === b[line]) line++;
  return [
    true,
    `${CONFIG_PATH} differs from the console's config from line ${line + 1}: upload the config from the server's edit page.`,
  ];
}

// ---- over HTTP: statistics, queues ----------------------------------------------------------------

const xml = new XMLParser({
  parseTagValue: false, // every value a string: zod reads them
  processEntities: true,
  isArray: (name) => name === 'queue' || name === 'error',
});

const text = z.union([z.string(), z.number()]).transform(String);
const count = text.transform((s) => (/^\d+$/.test(s) ? Number(s) : 0));
const queueXml = z.object({
  name: text,
  rcp: count,
  paused: text.optional(),
  mode: text.optional(),
  backoffReason: text.optional(),
});
export type PmtaQueue = z.infer<typeof queueXml>;
const statusPage = z.object({
  rsp: z.object({ data: z.object({ mta: z.object({ version: text.optional() }).optional() }) }),
});
const queuesPage = z.object({
  // An empty `<data></data>` parses as ''.
  rsp: z.object({ data: z.union([z.literal(''), z.object({ queue: z.array(queueXml).default([]) })]) }),
});

/** GET one page of the PMTA HTTP interface, parsed; the connection passes the outbound policy. */
async function page<T>(ctx: AppContext, server: PmtaServerRow, path: string, shape: z.ZodType<T>): Promise<T> {
  const url = httpUrl(server.serverIp, server.pmtaHttpPort, path);
  let res: Response;
  try {
    res = (await checkedFetch(outboundPolicy(ctx.env), 'Server IP', url, {
      signal: AbortSignal.timeout(HTTP_CHECK_TIMEOUT_MS),
    })) as unknown as Response;
  } catch (e) {
    if ((e as { cause?: unknown }).cause instanceof OutboundRefusedError)
      throw new Error(`${url}: ${(e as { cause: Error }).cause.message}.`, { cause: e });
    const cause = (e as { cause?: { code?: string } }).cause?.code;
    const why =
      (e as Error).name === 'TimeoutError'
        ? `did not answer within ${HTTP_CHECK_TIMEOUT_MS / 1000} s`
        : cause === 'ECONNREFUSED'
          ? 'connection refused'
          : (cause ?? reason(e));
    throw new Error(`${url}: ${why}.`, { cause: e });
  }
  const body = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status} ${body.trim().slice(0, 80)}`.trim());
  const parsed = shape.safeParse(safeXml(body));
  if (!parsed.success) throw new Error(`${url} did not answer PMTA's XML.`);
  return parsed.data;
}

function safeXml(body: string): unknown {
  try {
    return xml.parse(body);
  } catch {
    return undefined;
  }
}

async function httpChecks(ctx: AppContext, server: PmtaServerRow, r: CheckResult) {
  const [status, queues] = await Promise.allSettled([
    page(ctx, server, '/status?format=xml', statusPage),
    page(ctx, server, '/queues?format=xml', queuesPage),
  ]);
  if (status.status === 'rejected') {
    set(r, 'http', true, reason(status.reason));
    r.details.queues = NO_HTTP;
    return;
  }
  const version = status.value.rsp.data.mta?.version;
  set(r, 'http', false, `/status answers${version ? ` (${version})` : ''}.`);
  if (queues.status === 'rejected') return set(r, 'queues', true, reason(queues.reason));
  const data = queues.value.rsp.data;
  set(r, 'queues', ...queueVerdict(data === '' ? [] : data.queue));
}

/** Occupancy: too many recipients on the server, or queues in backoff holding mail (paused ones are the console's switches). */
export function queueVerdict(queues: PmtaQueue[]): [boolean, string] {
  const total = queues.reduce((n, q) => n + q.rcp, 0);
  const held = queues.filter((q) => q.mode === 'backoff' && q.rcp >= BACKOFF_QUEUE_RECIPIENTS);
  const found: string[] = [];
  if (total > QUEUED_RECIPIENTS_MAX)
    found.push(`${plural(total, 'recipient')} queued, more than ${QUEUED_RECIPIENTS_MAX.toLocaleString('en-US')}.`);
  if (held.length) {
    const named = held
      .slice(0, 5)
      .map((q) => `${q.name} (${plural(q.rcp, 'recipient')}${q.backoffReason ? `: ${q.backoffReason}` : ''})`);
    const more = held.length > 5 ? ` and ${held.length - 5} more` : '';
    found.push(`In backoff mode with ${BACKOFF_QUEUE_RECIPIENTS} recipients or more: ${named.join(', ')}${more}.`);
  }
  if (found.length) return [true, found.join(' ')];
  return [false, `${plural(total, 'recipient')} queued in ${plural(queues.length, 'queue')}.`];
}

// ---- the links: each relay host's port 9999 answers as the tracker (decision 0920) ------------------

type HostAnswer = { host: string } & ({ state: 'ok' | 'wrong'; why: string } | { state: 'unreachable'; why: string });

/**
 * `GET http://{host}:{port}/t/ping`: this console's tracker, something else, or nothing the console can
 * reach (an address the outbound policy refuses among them). One hop: a redirect is an answer, not followed.
 */
async function askTracker(ctx: Pick<AppContext, 'env'>, host: string, port: number, key: string): Promise<HostAnswer> {
  const url = httpUrl(host, port, '/t/ping');
  let res: Response;
  try {
    res = (await checkedFetch(outboundPolicy(ctx.env), 'Smtp Host', url, {
      signal: AbortSignal.timeout(TRACKER_CHECK_TIMEOUT_MS),
    })) as unknown as Response;
  } catch (e) {
    const cause = (e as { cause?: unknown }).cause;
    if (cause instanceof OutboundRefusedError) return { host, state: 'unreachable', why: `${url}: ${cause.message}` };
    const code = (cause as { code?: string } | undefined)?.code;
    // Refused: the host is there and nothing listens on the port (a trouble). Anything else (the name does
    // not resolve here, no route, no answer) says more about the console's network than the host's.
    if (code === 'ECONNREFUSED') return { host, state: 'wrong', why: `${url}: connection refused` };
    const why =
      (e as Error).name === 'TimeoutError'
        ? `no answer within ${TRACKER_CHECK_TIMEOUT_MS / 1000} s`
        : (code ?? reason(e));
    return { host, state: 'unreachable', why: `${url}: ${why}` };
  }
  const body = await res.text().catch(() => '');
  let ping: { tracker?: unknown; key?: unknown } = {};
  try {
    ping = JSON.parse(body) as typeof ping;
  } catch {
    // not the tracker's JSON
  }
  if (!res.ok || ping.tracker !== TRACKER_NAME)
    return { host, state: 'wrong', why: `${url} answered ${res.status}, not as the console's tracker` };
  if (ping.key !== key)
    return { host, state: 'wrong', why: `${url} is a tracker of another console (another APP_SECRET)` };
  return { host, state: 'ok', why: url };
}

/**
 * The link check over the host names of the server's active relays with a VMTA (what a campaign sends
 * through). A trouble when one answers wrong; not checked when none could be reached at all; the detail
 * names each host that could not be reached.
 */
export async function trackerCheck(
  ctx: Pick<AppContext, 'db' | 'secret' | 'env'>,
  server: Pick<PmtaServerRow, 'id'>,
  r: CheckResult,
  port = RELAY_LINK_PORT,
) {
  const { rows } = await ctx.db.$client.query<{ host: string }>(
    `select distinct smtp_host as host from pmta_relays
      where pmta_server_id = $1 and active and not without_vmta order by 1`,
    [server.id],
  );
  if (!rows.length) return set(r, 'tracker', false, 'No active relay with a VMTA on this server: no link to check.');
  const key = trackerKey(ctx.secret);
  const answers = await Promise.all(rows.map((h) => askTracker(ctx, h.host, port, key)));
  const wrong = answers.filter((a) => a.state === 'wrong');
  const unreachable = answers.filter((a) => a.state === 'unreachable');
  const ok = answers.filter((a) => a.state === 'ok');
  const cannot = unreachable.length
    ? ` Not checked (the console cannot reach it): ${unreachable.map((a) => a.why).join('; ')}.`
    : '';
  if (wrong.length) return set(r, 'tracker', true, `${wrong.map((a) => a.why).join('; ')}.${cannot}`);
  if (!ok.length) {
    r.details.tracker = TroubleReportMessages.notChecked(
      `the console cannot reach the relay hosts: ${unreachable.map((a) => a.why).join('; ')}.`,
    );
    return;
  }
  set(r, 'tracker', false, `The tracker answers on ${ok.map((a) => `${a.host}:${port}`).join(', ')}.${cannot}`);
}

// ---- in the database: campaigns ---------------------------------------------------------------------

async function campaignCheck(ctx: AppContext, server: PmtaServerRow, r: CheckResult) {
  const rows = await troubledCampaigns(ctx.db, server);
  // Recipients this server took and never accounted for past bounce-after (decision 1350).
  const gaps = await serverOutcomeGaps(ctx.db.$client, server);
  for (const c of gaps.campaigns)
    rows.push({
      id: c.id,
      name: c.name,
      why: `${c.lost.toLocaleString('en-US')} recipients injected more than ${gaps.bounceAfter} ago (bounce-after) have ${NO_OUTCOME}.`,
    });
  if (!rows.length)
    return set(
      r,
      'campaigns',
      false,
      'No PMTA campaign on its relays is paused by the engine or stalled, or has recipients without an outcome.',
    );
  const named = rows.map((c) => `#${c.id} ${c.name}: ${c.why}`);
  set(r, 'campaigns', true, named.join(' '));
}

// -----------------------------------------------------------------------------------------------------

function set(r: CheckResult, name: TroubleName, trouble: boolean, detail: string) {
  r.troubles[name] = trouble;
  r.details[name] = detail;
}

/** Runs every check of one server. */
export async function checkServer(ctx: AppContext, server: PmtaServerRow): Promise<CheckResult> {
  const r: CheckResult = { troubles: {}, details: {} };
  await Promise.all([
    sshChecks(ctx, server, r),
    httpChecks(ctx, server, r),
    campaignCheck(ctx, server, r),
    trackerCheck(ctx, server, r),
  ]);
  // A stopped PMTA answers no HTTP: that is the service's trouble, not two more.
  if (r.troubles.service === true) {
    delete r.troubles.http;
    delete r.troubles.queues;
    r.details.http = r.details.queues = NOT_RUNNING;
  }
  return r;
}

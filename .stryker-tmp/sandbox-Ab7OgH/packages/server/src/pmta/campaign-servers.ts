// @ts-nocheck
import { inArray } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import type { DirectStats } from '@console/shared/pmta-campaigns';
import type { AppContext } from '../core/context.ts';
import { AppError } from '../core/errors.ts';
import { checkedFetch, httpUrl, outboundPolicy } from '../core/outbound.ts';
import { pmtaServers } from '../db/schema/index.ts';
import { campaignJobId } from '../sending/transports/pmta.ts';
import { vmtaName } from '../core/pmta-names.ts';
import { CONFIG_PATH } from './config/generate.ts';
import { uploadConfig, type PmtaServerRow } from './operations.ts';
import { PmtaSshError, pmtaConnections } from './ssh/connection.ts';

/*
 * A PMTA campaign's servers (spec 3, issue 13; decision 0913): before a start, every server with eligible
 * relays must know their VMTAs (else its config is uploaded); the direct count asks each server of the
 * campaign how many of the campaign's messages it still holds (the HTTP monitor's `/jobs` XML, else
 * `pmta show jobs`; the job being the campaign's X-Job).
 */

/** The servers of these relays, each with its own. */
async function serversOf(ctx: AppContext, relays: { id: number; serverId: number }[]) {
  const ids = [...new Set(relays.map((r) => r.serverId))];
  if (!ids.length) return [];
  const rows = await ctx.db.select().from(pmtaServers).where(inArray(pmtaServers.id, ids)).orderBy(pmtaServers.id);
  return rows.map((server) => ({ server, relays: relays.filter((r) => r.serverId === server.id) }));
}

/** Why a server could not be used, naming it; the status the API answers with (decision 0903's). */
function failureOf(server: PmtaServerRow, e: unknown): { status: number; message: string } {
  const status = e instanceof PmtaSshError ? (e.kind === 'timeout' ? 504 : 502) : e instanceof AppError ? e.status : 0;
  if (!status) throw e;
  const text = String(e instanceof AppError ? e.error : (e as Error).message).replace(/^Error:\s*/, '');
  return { status, message: `PMTA server ${server.name}: ${text}` };
}

/** Whether the configuration text declares the virtual MTA. */
const declares = (config: string, vmta: string) => new RegExp(`^\\s*<virtual-mta\\s+${vmta}\\s*>`, 'im').test(config);

async function configOf(ctx: AppContext, server: PmtaServerRow): Promise<string> {
  try {
    return (await pmtaConnections(ctx).readFile(server, CONFIG_PATH)).toString('utf8');
  } catch (e) {
    if (e instanceof PmtaSshError && e.sftpCode === 2) return ''; // no config yet: upload one
    throw e;
  }
}

/**
 * Makes sure every server with eligible relays of the campaign's group (active, of the campaign's relay
 * status, created with a VMTA) has their VMTAs in its configuration, uploading it where one is missing.
 * A server that cannot be reached or refuses its configuration stops the start: 502/504/422 naming it.
 */
export async function ensureCampaignVmtas(ctx: AppContext, campaignId: number): Promise<void> {
  const { rows } = await ctx.db.$client.query<{ id: number; serverId: number }>(
    `select r.id, r.pmta_server_id as "serverId"
       from campaigns c join pmta_relays r on r.group_id = c.pmta_relay_group_id
      where c.id = $1 and r.active and r.status = c.relay_status and not r.without_vmta`,
    [campaignId],
  );
  const failures = (
    await Promise.all(
      (await serversOf(ctx, rows)).map(async ({ server, relays }) => {
        try {
          const config = await configOf(ctx, server);
          if (relays.some((r) => !declares(config, vmtaName(r)))) await uploadConfig(ctx, server);
          return undefined;
        } catch (e) {
          return failureOf(server, e);
        }
      }),
    )
  ).filter((f) => f !== undefined);
  if (failures.length) throw new AppError(failures[0]!.status, `Error: ${failures.map((f) => f.message).join('\n')}`);
}

/*
 * Job counts (issue 22 §4): PowerMTA's exact output is not established (PMTA.md), so both readers are
 * tolerant. A name is compared without case and without anything but letters and digits: `JobId`, `job-id`,
 * `Job ID` and `job` name the job; `Queued`, `rcpt`, `Recipients` its queued recipients.
 */
const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const JOB_NAMES = new Set(['job', 'jobid', 'jobname', 'id', 'name']);
const QUEUED_NAMES = new Set(['queued', 'queuedrcpt', 'queuedrcp', 'queuedrecipients', 'rcpt', 'rcp', 'recipients']);
const count = (cell: string | undefined, what: string) => {
  const n = Number((cell ?? '0').replace(/[,_]/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`unexpected ${what} count: ${cell}`);
  return n;
};

/**
 * The `queued` count of a job in `pmta show jobs`: the header is the first line naming a job column and a
 * queued column (titles, blank lines and `----` rules are skipped); rows are split on spaces or bars. 0
 * when the job is not listed.
 */
export function queuedOfJob(output: string, job: string): number {
  const lines = output.split(/\r?\n/).filter((l) => l.trim() && !/^[\s\-=+|]+$/.test(l));
  // Column names are split on two spaces or more (or a tab, or a bar), so `Job Id` stays one name; a header
  // with single spaces only is split on those.
  const header = (l: string) => {
    const wide = l
      .trim()
      .split(/\s*\|\s*|\s{2,}|\t/)
      .filter((c) => c !== '');
    return (wide.length > 1 ? wide : l.trim().split(/\s+/)).map(norm);
  };
  const at = lines.findIndex((l) => {
    const names = header(l);
    return names.some((n) => JOB_NAMES.has(n)) && names.some((n) => QUEUED_NAMES.has(n));
  });
  if (at < 0) throw new Error(`unexpected "pmta show jobs" output: ${lines[0] ?? ''}`);
  const names = header(lines[at]!);
  const jobAt = names.findIndex((n) => JOB_NAMES.has(n));
  const queuedAt = names.findIndex((n) => QUEUED_NAMES.has(n));
  const cells = (l: string) =>
    l
      .trim()
      .split(/\s*\|\s*|\s+/)
      .filter((c) => c !== '');
  const row = lines
    .slice(at + 1)
    .map(cells)
    .find((c) => c[jobAt] === job);
  return count(row?.[queuedAt], '"pmta show jobs"');
}

const xml = new XMLParser({
  parseTagValue: false,
  processEntities: true,
  ignoreAttributes: false,
  parseAttributeValue: false,
  isArray: (name) => norm(name) === 'job',
});

/**
 * The job counts of PowerMTA's HTTP monitor (`/jobs?format=xml`): `<rsp><data><job>` elements, each with its
 * id (`id`, `jobId`, `name`) and queued recipients (`queued`, `rcp`, ...) as child elements or attributes.
 * Null when the page is not that (then the command is asked).
 */
export function jobsOfXml(body: string): Map<string, number> | null {
  let doc: unknown;
  try {
    doc = xml.parse(body);
  } catch {
    return null;
  }
  const data = (doc as { rsp?: { data?: unknown } })?.rsp?.data;
  if (data === '') return new Map();
  if (!data || typeof data !== 'object') return null;
  const jobsKey = Object.keys(data).find((k) => norm(k) === 'job');
  if (!jobsKey) return null;
  const out = new Map<string, number>();
  for (const j of (data as Record<string, unknown[]>)[jobsKey]!) {
    if (!j || typeof j !== 'object') return null;
    const fields = Object.entries(j).map(([k, v]) => [norm(k.replace(/^@_/, '')), String(v)] as const);
    const id = fields.find(([k]) => JOB_NAMES.has(k))?.[1];
    const queued = fields.find(([k]) => QUEUED_NAMES.has(k))?.[1];
    if (id === undefined || queued === undefined) return null;
    out.set(id, count(queued, 'jobs page'));
  }
  return out;
}

/**
 * The job counts from the server's HTTP monitor; null when it does not answer them (down, refused by the
 * outbound policy, a redirect, no such page). One hop through the policy (core/outbound.ts).
 */
async function jobsOverHttp(ctx: AppContext, server: PmtaServerRow): Promise<Map<string, number> | null> {
  try {
    const url = httpUrl(server.serverIp, server.pmtaHttpPort, '/jobs?format=xml');
    const res = await checkedFetch(outboundPolicy(ctx.env), 'Server IP', url, {
      signal: AbortSignal.timeout(JOBS_HTTP_TIMEOUT_MS),
    });
    return res.ok ? jobsOfXml(await res.text()) : null;
  } catch {
    return null;
  }
}
const JOBS_HTTP_TIMEOUT_MS = 3_000;

/** The job's queued count on one server: the HTTP monitor's XML where it answers, else `pmta show jobs`. */
async function queuedOnServer(ctx: AppContext, server: PmtaServerRow, job: string): Promise<number> {
  const jobs = await jobsOverHttp(ctx, server);
  if (jobs) return jobs.get(job) ?? 0;
  const r = await pmtaConnections(ctx).exec(server, 'pmta show jobs');
  if (r.code !== 0) throw new Error((r.stdout || r.stderr).trim().split('\n')[0] || `exit code ${r.code}`);
  return queuedOfJob(r.stdout, job);
}

/**
 * The direct count: each server of the campaign's relays (its group's, and those its recipients went
 * through) is asked how many of the campaign's messages are still queued there. Servers that cannot be
 * asked are listed with why; the others' counts make the total.
 */
export async function countQueuedMessages(ctx: AppContext, campaignId: number): Promise<DirectStats> {
  const { rows } = await ctx.db.$client.query<{ id: number; serverId: number }>(
    `select r.id, r.pmta_server_id as "serverId"
       from pmta_relays r
      where r.group_id = (select pmta_relay_group_id from campaigns where id = $1)
         or r.id in (select distinct relay_id from campaign_recipients where campaign_id = $1 and relay_id is not null)`,
    [campaignId],
  );
  const job = campaignJobId(campaignId);
  const out: DirectStats = { jobCounts: [], total: 0, failed: [] };
  await Promise.all(
    (await serversOf(ctx, rows)).map(async ({ server }) => {
      const { id, name } = server;
      try {
        out.jobCounts.push({ id, name, queued: await queuedOnServer(ctx, server, job) });
      } catch (e) {
        out.failed.push({ id, name, error: String((e as Error).message).replace(/^error:\s*/i, '') });
      }
    }),
  );
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  out.jobCounts.sort(byId);
  out.failed.sort(byId);
  out.total = out.jobCounts.reduce((n, c) => n + c.queued, 0);
  return out;
}

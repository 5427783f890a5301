import { inArray } from 'drizzle-orm';
import type { DirectStats } from '@console/shared/pmta-campaigns';
import type { AppContext } from '../core/context.ts';
import { AppError } from '../core/errors.ts';
import { pmtaServers } from '../db/schema.ts';
import { campaignJobId } from '../sending/transports/pmta.ts';
import { CONFIG_PATH, vmtaName } from './config/generate.ts';
import { uploadConfig, type PmtaServerRow } from './operations.ts';
import { PmtaSshError, pmtaConnections } from './ssh/connection.ts';

/*
 * A PMTA campaign's servers (spec 3, issue 13; decision 0913): before a start, every server with eligible
 * relays must know their VMTAs (else its config is uploaded); the direct count asks each server of the
 * campaign how many of the campaign's messages it still holds (`pmta show jobs`, the job being the
 * campaign's X-Job).
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

/** The `queued` count of a job in `pmta show jobs` (columns by the header's names); 0 when it is not listed. */
export function queuedOfJob(output: string, job: string): number {
  const [header, ...lines] = output.trim().split('\n');
  const names = (header ?? '').trim().toLowerCase().split(/\s+/);
  const [jobAt, queuedAt] = [names.indexOf('job'), names.indexOf('queued')];
  if (jobAt < 0 || queuedAt < 0) throw new Error(`unexpected "pmta show jobs" output: ${header ?? ''}`);
  const row = lines.map((l) => l.trim().split(/\s+/)).find((cells) => cells[jobAt] === job);
  const n = Number(row?.[queuedAt] ?? 0);
  if (!Number.isInteger(n) || n < 0) throw new Error(`unexpected "pmta show jobs" count: ${row?.[queuedAt]}`);
  return n;
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
        const r = await pmtaConnections(ctx).exec(server, 'pmta show jobs');
        if (r.code !== 0) throw new Error((r.stdout || r.stderr).trim().split('\n')[0] || `exit code ${r.code}`);
        out.jobCounts.push({ id, name, queued: queuedOfJob(r.stdout, job) });
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

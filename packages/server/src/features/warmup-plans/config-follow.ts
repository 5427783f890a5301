import { z } from 'zod';
import { WarmupRelayKind } from '@console/shared/warmup-plans';
import type { AppContext } from '../../core/context.ts';
import { jobRef } from '../../core/jobs.ts';
import { notifyUser } from '../../core/notify.ts';
import { serverRow, uploadConfig } from '../../pmta/operations.ts';
import { UploadStep, recordUpload, serversOfRelays } from './warmup-relays.repo.ts';

/*
 * The PMTA configuration follows the plans without a click (decision 1486): whatever changes what a VMTA may
 * send today (attach, detach, a plan's edit or deletion, the daily step) queues an upload of its server's
 * configuration, the same upload as the server page's; what it did goes into the relays' histories, and a
 * failure to the server's owner as a notification.
 */

export const WARMUP_CONFIG_UPLOAD = jobRef('warmup.config-upload', z.object({ serverId: z.number().int() }));

/** A burst of changes (a plan saved twice, attach then edit) is one upload per server: the one that waits. */
export const UPLOAD_DELAY_MS = 3_000;

/**
 * The servers of these PMTA relays get their configuration soon, once per server for a burst (a stately
 * job per server: one waits, one runs). Returns the servers.
 */
export async function followPlans(ctx: Pick<AppContext, 'db' | 'jobs'>, pmtaRelayIds: number[]) {
  if (!pmtaRelayIds.length) return [];
  const servers = await serversOfRelays(ctx.db.$client, pmtaRelayIds);
  const startAfter = new Date(Date.now() + UPLOAD_DELAY_MS);
  for (const serverId of servers) {
    await ctx.jobs.sendOnce(WARMUP_CONFIG_UPLOAD, { serverId }, { singletonKey: `server-${serverId}`, startAfter });
  }
  return servers;
}

/** The daily step's moves (advanced, stepped back) reach the PMTA servers the same way. */
export const followMoves = (
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  decided: { relayType: number; relayId: number; decision: string }[],
) =>
  followPlans(
    ctx,
    decided.filter((d) => d.relayType === WarmupRelayKind.pmta && d.decision !== 'held').map((d) => d.relayId),
  );

/**
 * The job: uploads the server's configuration as it is now (the plans' rates for today, generated inside the
 * server's upload turn) and says so in the relays' histories; a failure is told to the owner once, and not
 * retried: the console still limits what it injects, and the next change, the next daily step or the
 * server page's Upload sends the rates.
 */
export async function uploadForPlans(ctx: AppContext, serverId: number) {
  const server = await serverRow(ctx, serverId).catch(() => undefined);
  if (!server) return; // deleted since
  const name = `PMTA server "${server.name}"`;
  try {
    await uploadConfig(ctx, server);
  } catch (e) {
    const error = (e as Error).message || String(e);
    await recordUpload(ctx.db.$client, serverId, {
      decision: UploadStep.failed,
      inPlan: `Configuration not uploaded to ${name} (${error}): the server paces as before until the next upload; the console still limits what it injects.`,
      detached: `Configuration not uploaded to ${name} (${error}): the server still paces by the plan until the next upload.`,
    });
    await notifyUser(ctx, server.userId, {
      status: 'error',
      subject: `Warm-up: configuration not uploaded to ${server.name}`,
      message: `The warm-up plans' rates could not be uploaded to ${name}: ${error}. Upload its configuration once the server is reachable.`,
    });
    return;
  }
  await recordUpload(ctx.db.$client, serverId, {
    decision: UploadStep.uploaded,
    inPlan: `Configuration uploaded to ${name}: the VMTA paces by today's allowance.`,
    detached: `Configuration uploaded to ${name}: the VMTA no longer paces by a plan.`,
  });
}

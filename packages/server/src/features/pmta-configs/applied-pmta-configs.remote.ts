import { sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { appliedConfigPath } from '../../pmta/config/generate.ts';
import { changeAndUpload, serverRow, sshFailure, uploadConfig, type PmtaServerRow } from '../../pmta/operations.ts';
import { pmtaConnections } from '../../pmta/ssh/connection.ts';
import { markUploaded, pendingRows, recordFailure, type PendingRow } from './applied-pmta-configs.repo.ts';

/*
 * The upload of applied PMTA configs (decision 0907): every row still at version 0 gets its config's file
 * on its server, then the server's configuration that includes it (changeAndUpload: the version is set only
 * once PMTA has reloaded it), one configuration and one reload per server and run (issue 22). A failure is
 * kept on the row and tried again on the next run.
 */

export const APPLIED_DIR = '/etc/pmta/console';
const NO_VMTA = 'Error: the relay has no VMTA on its server: upload its VMTA first.';

const messageOf = (e: unknown) =>
  e instanceof AppError ? (typeof e.error === 'string' ? e.error : e.message) : `Error: ${(e as Error)?.message ?? e}`;

/** Writes the config's file where the configuration includes it. */
export async function putConfigFile(ctx: AppContext, server: PmtaServerRow, configId: number, content: string) {
  const pool = pmtaConnections(ctx);
  const mkdir = await pool.exec(server, `mkdir -p ${APPLIED_DIR}`).catch(sshFailure);
  if (mkdir.code !== 0) throw new AppError(422, `Error: cannot create ${APPLIED_DIR}: ${mkdir.stderr.trim()}`);
  await pool.writeFileAtomic(server, appliedConfigPath({ id: configId }), content).catch(sshFailure);
}

async function uploadOne(ctx: AppContext, row: PendingRow) {
  if (row.relayId !== null && row.withoutVmta) return void (await recordFailure(ctx.db, row.id, NO_VMTA));
  let server: PmtaServerRow | undefined;
  try {
    server = await serverRow(ctx, row.serverId);
    await putConfigFile(ctx, server, row.configId, row.content);
    await changeAndUpload(ctx, server, (tx) => markUploaded(tx, row.id, row.configVersion));
  } catch (e) {
    await recordFailure(ctx.db, row.id, messageOf(e));
    // PMTA refused: the restored file may include this config's new content; without it the file matches
    // what PMTA runs again (best effort: a server that refuses everything refuses this too).
    if (server && e instanceof AppError && e.status === 422) await uploadConfig(ctx, server).catch(() => undefined);
  }
}

/**
 * A server's pending rows at once (issue 22 §5): their files, then one configuration carrying them all and
 * one reload. When PMTA refuses that, the rows go again one at a time, so the refusal lands on the row that
 * caused it and the others upload. A failure to reach the server is every row's.
 */
async function uploadServer(ctx: AppContext, rows: PendingRow[]) {
  const ready: PendingRow[] = [];
  for (const row of rows) {
    if (row.relayId !== null && row.withoutVmta) await recordFailure(ctx.db, row.id, NO_VMTA);
    else ready.push(row);
  }
  if (ready.length <= 1) {
    for (const row of ready) await uploadOne(ctx, row);
    return;
  }
  try {
    const server = await serverRow(ctx, ready[0]!.serverId);
    for (const row of new Map(ready.map((r) => [r.configId, r])).values())
      await putConfigFile(ctx, server, row.configId, row.content);
    await changeAndUpload(ctx, server, async (tx) => {
      for (const row of ready) await markUploaded(tx, row.id, row.configVersion);
    });
  } catch (e) {
    if (e instanceof AppError && e.status === 422) {
      for (const row of ready) await uploadOne(ctx, row);
      return;
    }
    for (const row of ready) await recordFailure(ctx.db, row.id, messageOf(e));
  }
}

/**
 * One run: every pending row once, server by server (one reload per server), while holding a lock so that
 * two workers (the minute's run and one sent after an Apply) never upload the same row at once; rows
 * applied during the run are taken too.
 */
export async function uploadPending(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (lock) => {
    await lock.execute(sql`select pg_advisory_xact_lock(hashtext('applied-pmta-configs.upload'))`);
    const tried: number[] = [];
    for (;;) {
      const rows = await pendingRows(ctx.db, tried);
      if (!rows.length) return;
      for (const ofServer of Map.groupBy(rows, (row) => row.serverId).values()) {
        tried.push(...ofServer.map((row) => row.id));
        await uploadServer(ctx, ofServer);
      }
    }
  });
}

import { eq, inArray } from 'drizzle-orm';
import {
  PmtaSpeedMessages as M,
  isWriteMode,
  type EasyAnswer,
  type PmtaSpeedsAnswer,
} from '@console/shared/pmta-speeds';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { assertReferences, found } from '../../core/access.ts';
import { AppError, conflict } from '../../core/errors.ts';
import { mailProviders, pmtaRelays } from '../../db/schema/index.ts';
import { changeAndUpload, serverOfRelay, serverRow, type PmtaServerRow } from '../../pmta/operations.ts';
import { ReadError, readRemote } from './pmta-speeds.remote.ts';
import {
  deleteSpeedRows,
  existingIds,
  insertSpeeds,
  pmtaSpeedsCollection,
  setLocalValue,
  speedOfPair,
  speedsWhere,
  storeRemote,
  syncRows,
  takenRelays,
  upsertLocalValue,
  type SyncRow,
} from './pmta-speeds.repo.ts';

/*
 * PMTA speeds (spec 3, decision 0908). A local change only marks a speed unsynchronised; Sync (by hand or
 * every 30 minutes) uploads the server's configuration when a speed needs it, then reads every speed back.
 */

type Ctx = AppContext;
type Outcome = PmtaSpeedsAnswer;

/** Servers synced at once: each holds an SSH connection and may reload PMTA. */
export const SYNC_CONCURRENCY = 4;

export async function getSpeed(ctx: Ctx, id: number) {
  return found(await pmtaSpeedsCollection.one(ctx.db, null, speedsWhere([id])));
}

export async function createSpeeds(
  ctx: Ctx,
  user: AuthUser,
  body: { pmtaRelays: number[]; mailProvider: number; speed: number },
) {
  const [relays, [provider]] = await Promise.all([
    ctx.db.select({ id: pmtaRelays.id }).from(pmtaRelays).where(inArray(pmtaRelays.id, body.pmtaRelays)),
    ctx.db.select({ id: mailProviders.id }).from(mailProviders).where(eq(mailProviders.id, body.mailProvider)),
  ]);
  const known = new Set(relays.map((r) => r.id));
  const missing = body.pmtaRelays.filter((id) => !known.has(id));
  assertReferences({
    pmtaRelays: missing.length > 0 && `Pmta Relay not found: ${missing.join(', ')}.`,
    mailProvider: !provider && M.serviceRequired,
  });
  const taken = await takenRelays(ctx.db, body.pmtaRelays, body.mailProvider);
  if (taken.length) throw conflict({ pmtaRelays: `${M.exists} Relays: ${taken.join(', ')}.` });
  const ids = await insertSpeeds(ctx.db, body.pmtaRelays, body.mailProvider, body.speed);
  return pmtaSpeedsCollection.list(ctx.db, user, pmtaSpeedsCollection.query.parse({ pagination: 'false' }), {
    where: speedsWhere(ids),
  });
}

/** Edit: the local value and its time; the server is not touched until the speed is synced. */
export async function updateSpeed(ctx: Ctx, id: number, localValue: number) {
  await getSpeed(ctx, id);
  await setLocalValue(ctx.db, id, localValue);
  return getSpeed(ctx, id);
}

/** The ids, or 404 naming those that do not exist (nothing is done then). */
async function requireAll(ctx: Ctx, ids: number[]) {
  const known = await existingIds(ctx.db, ids);
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) throw new AppError(404, { pmtaSpeedsIds: `Not found: ${missing.slice(0, 20).join(', ')}.` });
}

/** A failure of the server (connection, PMTA's refusal, the console's validator) in the UI's words. */
function hostError(e: unknown): string | undefined {
  if (e instanceof ReadError) return e.message;
  if (e instanceof AppError && e.status !== 400 && e.status !== 403) {
    return typeof e.error === 'string' ? e.error : Object.values(e.error).join(' ');
  }
  return undefined;
}

const failAll = (rows: SyncRow[], error: string): Outcome => ({
  ids: [],
  failed: rows.map((r) => ({ id: r.id, error })),
});

/**
 * A server's configuration must go out before reading when a speed changed since its last sync (a new
 * value, or back to read mode: the console's rate must leave the file) or when the server no longer runs
 * a write-mode value (changed behind the console's back, or a refused upload).
 */
const needsUpload = (r: SyncRow) => !r.synced || (isWriteMode(r) && r.remoteValue !== r.localValue);

/** Reads each speed from the server and stores it; once the host cannot be reached, the rest fail alike. */
async function readBack(ctx: Ctx, server: PmtaServerRow, rows: SyncRow[]): Promise<Outcome> {
  const out: Outcome = { ids: [], failed: [] };
  let down: string | undefined;
  for (const row of rows) {
    try {
      if (down) throw new ReadError(down, true);
      await storeRemote(ctx.db, row, await readRemote(ctx, server, row));
      out.ids.push(row.id);
    } catch (e) {
      if (!(e instanceof ReadError)) throw e;
      out.failed.push({ id: row.id, error: e.message });
      if (e.host) down = e.message;
    }
  }
  return out;
}

/** Reads `ids` again from the database (a change made meanwhile is read against its own local value). */
const fresh = (ctx: Ctx, ids: number[]) => syncRows(ctx.db, speedsWhere(ids));

async function syncServer(ctx: Ctx, serverId: number, rows: SyncRow[]): Promise<Outcome> {
  try {
    const server = await serverRow(ctx, serverId);
    const upload = () => changeAndUpload(ctx, server, async () => {});
    const uploaded = rows.some(needsUpload);
    if (uploaded) await upload();
    const out = await readBack(
      ctx,
      server,
      await fresh(
        ctx,
        rows.map((r) => r.id),
      ),
    );
    if (uploaded || !out.ids.length) return out;
    // A write-mode value the server no longer runs (changed behind the console's back): put it back.
    const drifted = (await fresh(ctx, out.ids)).filter(needsUpload);
    if (!drifted.length) return out;
    await upload();
    const again = await readBack(
      ctx,
      server,
      await fresh(
        ctx,
        drifted.map((r) => r.id),
      ),
    );
    const lost = new Set(again.failed.map((x) => x.id));
    return { ids: out.ids.filter((id) => !lost.has(id)), failed: [...out.failed, ...again.failed] };
  } catch (e) {
    const why = hostError(e);
    if (why === undefined) throw e;
    return failAll(rows, why);
  }
}

/** Runs `work` for each server's rows, SYNC_CONCURRENCY servers at a time, and merges the outcomes. */
async function perServer(rows: SyncRow[], work: (serverId: number, rows: SyncRow[]) => Promise<Outcome>) {
  const groups = [...Map.groupBy(rows, (r) => r.serverId)];
  const out: Outcome = { ids: [], failed: [] };
  let next = 0;
  const worker = async () => {
    while (next < groups.length) {
      const [serverId, group] = groups[next++]!;
      const o = await work(serverId, group);
      out.ids.push(...o.ids);
      out.failed.push(...o.failed);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SYNC_CONCURRENCY, groups.length) }, worker));
  out.ids.sort((a, b) => a - b);
  out.failed.sort((a, b) => a.id - b.id);
  return out;
}

/** POST pmta_speed/sync: every speed named; each server's failure is its speeds' failure, not the others'. */
export async function syncSpeeds(ctx: Ctx, ids: number[]) {
  await requireAll(ctx, ids);
  return perServer(await syncRows(ctx.db, speedsWhere(ids)), (id, rows) => syncServer(ctx, id, rows));
}

/** The automatic sync (every 30 minutes): every speed. */
export async function syncAllSpeeds(ctx: Ctx) {
  return perServer(await syncRows(ctx.db), (id, rows) => syncServer(ctx, id, rows));
}

/**
 * Deletes a server's speeds. Write-mode ones leave the configuration first: the deletion commits only once
 * PMTA has reloaded the file without their rates. Read-mode ones are only the console's rows.
 */
async function deleteOnServer(ctx: Ctx, serverId: number, rows: SyncRow[]): Promise<Outcome> {
  const ids = rows.map((r) => r.id);
  try {
    if (rows.some(isWriteMode)) {
      await changeAndUpload(ctx, await serverRow(ctx, serverId), (tx) => deleteSpeedRows(tx, ids));
    } else await deleteSpeedRows(ctx.db, ids);
    return { ids, failed: [] };
  } catch (e) {
    const why = hostError(e);
    if (why === undefined) throw e;
    return failAll(rows, why);
  }
}

/** POST pmta_speed/delete. */
export async function deleteSpeeds(ctx: Ctx, ids: number[]) {
  await requireAll(ctx, ids);
  return perServer(await syncRows(ctx.db, speedsWhere(ids)), (id, rows) => deleteOnServer(ctx, id, rows));
}

/** The relay's server (the user must see the relay: owner or administrator), once the mail service exists; or 404. */
async function pair(ctx: Ctx, user: AuthUser, relayId: number, providerId: number) {
  const serverId = await serverOfRelay(ctx, user, relayId);
  const [provider] = await ctx.db
    .select({ id: mailProviders.id })
    .from(mailProviders)
    .where(eq(mailProviders.id, providerId));
  found(provider, M.serviceRequired);
  return serverId;
}

const answer = (success: boolean, msg: string, row: SyncRow | undefined): EasyAnswer => ({
  success,
  msg,
  speed: row?.localValue ?? null,
  isGoodSpeed: row?.good ?? false,
});

/**
 * easy_edit (the mail-service report): the speed set and synced at once. It is saved only once the server
 * has reloaded the configuration that carries it, then read back; a failure answers success false.
 */
export async function easyEdit(ctx: Ctx, user: AuthUser, relayId: number, providerId: number, localValue: number) {
  const server = await serverRow(ctx, await pair(ctx, user, relayId, providerId));
  let id: number;
  try {
    id = await changeAndUpload(ctx, server, (tx) => upsertLocalValue(tx, relayId, providerId, localValue));
  } catch (e) {
    const why = hostError(e);
    if (why === undefined) throw e;
    return answer(false, why, await speedOfPair(ctx.db, relayId, providerId));
  }
  const { failed } = await readBack(ctx, server, await syncRows(ctx.db, speedsWhere([id])));
  const row = await speedOfPair(ctx.db, relayId, providerId);
  if (failed.length) return answer(false, `The speed was set, but reading it back failed: ${failed[0]!.error}`, row);
  return answer(true, 'Speed has been set.', row);
}

/** easy_delete (the mail-service report): the speed cleared; a speed that is already gone is success. */
export async function easyDelete(ctx: Ctx, user: AuthUser, relayId: number, providerId: number) {
  const serverId = await pair(ctx, user, relayId, providerId);
  const row = await speedOfPair(ctx.db, relayId, providerId);
  if (!row) return answer(true, M.deleted, undefined);
  const { failed } = await deleteOnServer(ctx, serverId, [row]);
  return failed.length ? answer(false, failed[0]!.error, row) : answer(true, M.deleted, undefined);
}

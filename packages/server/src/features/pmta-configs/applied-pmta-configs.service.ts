import {
  PmtaConfigMessages as M,
  type appliedIdsSchema,
  type appliedListSchema,
  type applyConfigSchema,
} from '@console/shared/pmta-configs';
import type { z } from 'zod';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { AppError, fromZod, invalid } from '../../core/errors.ts';
import { appliedConfigPath } from '../../pmta/config/generate.ts';
import { changeAndUpload, serverRow } from '../../pmta/operations.ts';
import { pmtaConnections } from '../../pmta/ssh/connection.ts';
import { configRow } from './pmta-configs.repo.ts';
import {
  appliedCollection,
  appliedRows,
  deleteRows,
  existingRecipients,
  fileInUse,
  putApplied,
  resetVersions,
  type AppliedRow,
} from './applied-pmta-configs.repo.ts';
import { uploadSoon } from './applied-pmta-configs.jobs.ts';

/* Apply config and the applied configs list (spec 3, decision 0907). Administrators only (the routes say so). */

type Ctx = AppContext;

/** The list: the body's filter pairs and order as the collection's query, so paging and sorting are its own. */
export function listApplied(ctx: Ctx, user: AuthUser, body: z.output<typeof appliedListSchema>) {
  const query: Record<string, unknown> = { _page: body._page, itemsPerPage: body.itemsPerPage };
  for (const f of body.filter) query[f.field] = String(f.value);
  if (body.order) query[`order[${body.order.field}]`] = body.order.direction.toLowerCase();
  const parsed = appliedCollection.query.safeParse(query);
  if (!parsed.success) throw fromZod(parsed.error);
  return appliedCollection.list(ctx.db, user, parsed.data);
}

/** Applies a config to recipients of its type; the job uploads them (each already applied uploads again). */
export async function applyConfig(ctx: Ctx, body: z.output<typeof applyConfigSchema>) {
  const config = await configRow(ctx.db, body.config);
  if (!config) throw invalid({ config: M.configNotFound });
  const recipients = [...new Set(body.recipients)];
  const known = await existingRecipients(ctx.db, config.type, recipients);
  const missing = recipients.filter((id) => !known.has(id));
  if (missing.length) throw invalid({ recipients: M.recipientsNotFound(missing) });
  await putApplied(ctx.db, config.id, config.type, recipients);
  await uploadSoon(ctx);
  return { applied: recipients.length };
}

/** The rows the spec's id and type pairs name; 404 naming those that do not exist (or are of the other type). */
async function named(ctx: Ctx, body: z.output<typeof appliedIdsSchema>) {
  const ids = [...new Set(body.ids.map((i) => i.appliedConfigId))];
  const rows = await appliedRows(ctx.db, ids);
  const typeOf = new Map(body.ids.map((i) => [i.appliedConfigId, i.appliedConfigType]));
  const found = rows.filter((row) => typeOf.get(row.id) === row.type);
  if (found.length < ids.length) {
    const seen = new Set(found.map((row) => row.id));
    throw new AppError(404, { ids: M.appliedNotFound(ids.filter((id) => !seen.has(id))) });
  }
  return found;
}

/** Reset version: back to 0, so the job uploads them again. */
export async function resetApplied(ctx: Ctx, body: z.output<typeof appliedIdsSchema>) {
  const rows = await named(ctx, body);
  await resetVersions(
    ctx.db,
    rows.map((row) => row.id),
  );
  await uploadSoon(ctx);
  return { reset: rows.length };
}

export async function deleteApplied(ctx: Ctx, body: z.output<typeof appliedIdsSchema>) {
  await removeRows(ctx, await named(ctx, body));
}

/**
 * Deletes applied rows, server by server: each server's configuration without their includes is uploaded
 * and the rows go only once PMTA has reloaded it; then the files no row uses any more are removed. A server
 * that fails keeps its rows; the others go on, and the first failure is the answer.
 */
export async function removeRows(ctx: Ctx, rows: AppliedRow[]) {
  const byServer = Map.groupBy(rows, (row) => row.serverId);
  const failures: unknown[] = [];
  for (const [serverId, ofServer] of byServer) {
    try {
      const server = await serverRow(ctx, serverId);
      await changeAndUpload(ctx, server, (tx) =>
        deleteRows(
          tx,
          ofServer.map((row) => row.id),
        ),
      );
      const files = [...new Set(ofServer.map((row) => row.configId))];
      const unused = [];
      for (const id of files) if (!(await fileInUse(ctx.db, serverId, id))) unused.push(appliedConfigPath({ id }));
      // Only tidying: nothing includes these files any more.
      if (unused.length) {
        const list = unused.flatMap((p) => [p, `${p}.bak`, `${p}.absent`]).join(' ');
        await pmtaConnections(ctx)
          .exec(server, `rm -f ${list}`)
          .catch(() => undefined);
      }
    } catch (e) {
      failures.push(e);
    }
  }
  if (failures.length) throw failures[0];
}

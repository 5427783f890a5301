import { PmtaConfigMessages as M, type PmtaConfig } from '@console/shared/pmta-configs';
import { found } from '../../core/access.ts';
import type { AppContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import { uploadSoon } from './applied-pmta-configs.jobs.ts';
import { rowsOfConfig } from './applied-pmta-configs.repo.ts';
import { removeRows } from './applied-pmta-configs.service.ts';
import { checkConfigFile, type ConfigForm } from './pmta-config-file.ts';
import {
  appliedCount,
  configRow,
  deleteConfigRow,
  findConfig,
  insertConfig,
  updateConfig as writeConfig,
} from './pmta-configs.repo.ts';

/* PMTA config files (spec 3 "PMTA configs", decision 0907). Administrators only (the routes say so). */

type Ctx = AppContext;

export const getConfig = async (ctx: Ctx, id: number): Promise<PmtaConfig> =>
  found(await findConfig(ctx.db, id), M.notFound);

export async function configContent(ctx: Ctx, id: number) {
  const row = found(await configRow(ctx.db, id), M.notFound);
  return { id: row.id, name: row.name, fileName: row.fileName, content: row.content };
}

export async function createConfig(ctx: Ctx, form: ConfigForm): Promise<PmtaConfig> {
  if (!form.file) throw invalid({ configFile: M.fileRequired });
  const file = checkConfigFile(form.file, form.type);
  const id = await insertConfig(ctx.db, { name: form.name, type: form.type, ...file });
  return getConfig(ctx, id);
}

/**
 * Name, type and optionally a new file. The content is checked for the type it will have (a type change
 * re-checks the stored file); a config cannot change type while applied, its recipients being of the old
 * kind. New content makes every applied copy upload again.
 */
export async function updateConfig(ctx: Ctx, id: number, form: ConfigForm): Promise<PmtaConfig> {
  const row = found(await configRow(ctx.db, id), M.notFound);
  if (form.type !== row.type && (await appliedCount(ctx.db, id)) > 0) throw invalid({ type: M.typeLocked });
  const file = form.file
    ? checkConfigFile(form.file, form.type)
    : form.type !== row.type
      ? checkConfigFile({ fileName: row.fileName, bytes: Buffer.from(row.content) }, form.type)
      : undefined;
  const { newVersion } = await ctx.db.transaction((tx) =>
    writeConfig(tx, id, { name: form.name, type: form.type }, file),
  );
  if (newVersion) await uploadSoon(ctx);
  return getConfig(ctx, id);
}

/** Its applied copies are taken off their servers first (decision 0907); the config goes once they all are. */
export async function deleteConfig(ctx: Ctx, id: number) {
  found(await configRow(ctx.db, id), M.notFound);
  await removeRows(ctx, await rowsOfConfig(ctx.db, id));
  await deleteConfigRow(ctx.db, id);
}

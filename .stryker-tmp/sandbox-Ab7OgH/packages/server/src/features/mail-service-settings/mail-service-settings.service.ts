// @ts-nocheck
import {
  MailServiceSettingMessages as M,
  type MailServiceSetting,
  type MailServiceSettingInput,
} from '@console/shared/mail-service-settings';
import type { AppContext } from '../../core/context.ts';
import { found } from '../../core/access.ts';
import { invalid } from '../../core/errors.ts';
import { domainBlocks } from '../../pmta/domain-blocks.ts';
import { macroDomains } from '../../pmta/config/domain-macro.ts';
import {
  deleteMailServiceSettingRow,
  findMailServiceSetting,
  insertMailServiceSetting,
  providerDomains,
  updateMailServiceSettingRow,
} from './mail-service-settings.repo.ts';

type Ctx = Pick<AppContext, 'db'>;

/**
 * The domains a Domain Macro names (docs/decisions/0701): `*` (every domain: PMTA's default block), a
 * mail service's name (its domains, e.g. Gmail -> gmail.com, googlemail.com), or domains separated by
 * commas, semicolons or spaces. Nothing else: a typo would silently configure nothing.
 */
export async function domainsOf(ctx: Ctx, macro: string): Promise<string[]> {
  return macroDomains(macro, await providerDomains(ctx.db, macro.trim()));
}

export async function getMailServiceSetting(ctx: Ctx, id: number): Promise<MailServiceSetting> {
  return found(await findMailServiceSetting(ctx.db, id));
}

async function assertDomains(ctx: Ctx, input: MailServiceSettingInput) {
  if (!(await domainsOf(ctx, input.domainMacro)).length) throw invalid({ domainMacro: M.noDomains });
}

export async function createMailServiceSetting(ctx: Ctx, input: MailServiceSettingInput) {
  await assertDomains(ctx, input);
  return getMailServiceSetting(ctx, await insertMailServiceSetting(ctx.db, input));
}

export async function updateMailServiceSetting(ctx: Ctx, id: number, input: MailServiceSettingInput) {
  await getMailServiceSetting(ctx, id);
  await assertDomains(ctx, input);
  await updateMailServiceSettingRow(ctx.db, id, input);
  return getMailServiceSetting(ctx, id);
}

export async function deleteMailServiceSetting(ctx: Ctx, id: number) {
  await getMailServiceSetting(ctx, id);
  await deleteMailServiceSettingRow(ctx.db, id);
}

/** The PowerMTA configuration the setting becomes (shown on its edit screen; uploaded by balancers). */
export async function pmtaConfigOf(ctx: Ctx, id: number) {
  const setting = await getMailServiceSetting(ctx, id);
  const domains = await domainsOf(ctx, setting.domainMacro);
  return { domains, config: domainBlocks(setting, domains) };
}

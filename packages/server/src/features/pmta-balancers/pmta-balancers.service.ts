import { BALANCER_UPLOADED, BALANCER_UPLOAD_FAILED, BalancerMessages as M } from '@console/shared/pmta-balancers';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { found } from '../../core/access.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { loadConfigData } from '../../pmta/config/load.ts';
import { token, type ConfigData } from '../../pmta/config/generate.ts';
import { changeAndUpload, operatedServer } from '../../pmta/operations.ts';
import { findBalancer, listBalancers, markRemoved, putEverySetting, setComments } from './pmta-balancers.repo.ts';

/*
 * A PMTA server's balancers (spec 2, decision 0905): Sync puts every mail service setting on the server,
 * Delete takes one off; each flips only once the server has reloaded the configuration that carries it.
 */

type Ctx = AppContext;

/** The server, once the user may operate it (owner or administrator; another user's is 404). */

export async function getBalancers(ctx: Ctx, user: AuthUser, serverId: number) {
  await operatedServer(ctx, user, serverId);
  return listBalancers(ctx.db, serverId);
}

const now = () => `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const shown = (domains: string[]) =>
  domains.length > 5 ? `${domains.slice(0, 5).join(', ')} and ${domains.length - 5} more` : domains.join(', ');

/**
 * What each setting put in the configuration, as the generator reads it (0902): its domains, except those
 * an older setting already configures (the older one keeps them).
 */
export function uploadComments(settings: ConfigData['settings'], at = now()): Record<number, string> {
  const claimed = new Map<string, number>();
  const out: Record<number, string> = {};
  for (const { setting, domains } of [...settings].sort((a, b) => a.setting.id - b.setting.id)) {
    const own: string[] = [];
    const taken: string[] = [];
    for (const d of [...new Set(domains.map(token))]) {
      const older = claimed.get(d);
      if (older !== undefined) taken.push(`${d} (setting #${older})`);
      else {
        claimed.set(d, setting.id);
        own.push(d);
      }
    }
    const what = own.length ? `${own.length} domain(s): ${shown(own)}` : 'no domain (its Domain Macro names none)';
    out[setting.id] =
      `Uploaded ${what} at ${at}` + (taken.length ? `; already configured by an older setting: ${shown(taken)}` : '');
  }
  return out;
}

/**
 * Sync: every setting back on the server and uploaded, in one transaction committed only once PMTA has
 * reloaded the file. A failure rolls it back; the entries then say 'upload failed' with the error (a
 * second statement, outside the rolled-back transaction) and the error is the answer.
 */
export async function syncBalancers(ctx: Ctx, user: AuthUser, serverId: number) {
  const server = await operatedServer(ctx, user, serverId);
  try {
    await changeAndUpload(ctx, server, async (tx) => {
      await putEverySetting(tx, serverId, BALANCER_UPLOADED, '');
      const data = found(await loadConfigData(tx, serverId));
      await setComments(tx, serverId, uploadComments(data.settings));
    });
  } catch (e) {
    if (e instanceof AppError && e.status !== 404) {
      const why = typeof e.error === 'string' ? e.error : e.message;
      await putEverySetting(ctx.db, serverId, BALANCER_UPLOAD_FAILED, `${why} (${now()})`);
    }
    throw e;
  }
}

/** Delete: the entry 'removed' and its setting's blocks out of the file; unchanged when the upload fails. */
export async function removeBalancer(ctx: Ctx, user: AuthUser, id: number) {
  const entry = found(await findBalancer(ctx.db, id));
  const server = await operatedServer(ctx, user, entry.pmtaServerId);
  await changeAndUpload(ctx, server, async (tx) => {
    // Checked in the transaction: of two Deletes at once, the second finds it removed.
    if (!(await markRemoved(tx, id, `Removed from the configuration at ${now()}`))) throw invalid(M.alreadyRemoved);
  });
}

import {
  LOG_ENTRIES_MAX,
  ToolsMessages as M,
  type LogEntries,
  type UuidDecoded,
  type UuidFields,
} from '@console/shared/tools';
import { CampaignTypeOf, campaignKindName } from '@console/shared/enums';
import type { AppContext } from '../../core/context.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { decodeTrackingId, encodeTrackingId } from '../../tracking/uuid.ts';
import { addressHistory } from '../../suppression/address-history.ts';
import { campaignNamed, emailOfId, idsOfEmail, logEntries, recipientEmail, relayName } from './tools.repo.ts';

/** The four numbers of a UUID and what they name; an id the console's key did not make is a 422. */
export async function decodeUuid(ctx: AppContext, uuid: string): Promise<UuidDecoded> {
  const id = decodeTrackingId(ctx.secret, uuid);
  if (!id) throw invalid({ uuid: M.uuidForged });
  const type = CampaignTypeOf[id.campaignType];
  const [campaign, relay, email] = await Promise.all([
    campaignNamed(ctx.db, type, id.campaignId),
    relayName(ctx.db, type, id.relayId),
    recipientEmail(ctx.db, id.campaignId, id.emailId),
  ]);
  return {
    decoded: { campaignType: type, campaignId: id.campaignId, relayId: id.relayId, emailId: id.emailId },
    campaign,
    relay: relay === null ? null : { id: id.relayId, name: relay },
    email,
  };
}

export const encodeUuid = (ctx: AppContext, f: UuidFields) => ({
  encoded: encodeTrackingId(ctx.secret, { ...f, campaignType: campaignKindName(f.campaignType)! }),
});

export async function decodeEmailId(ctx: AppContext, emailId: number) {
  return { decoded: (await emailOfId(ctx.db, emailId)) ?? throwNotFound(M.emailIdUnknown) };
}

/** The address's ids, one per list, and its history (decisions 1441, 1480: an administrator's, all of it); 404 when the console knows nothing of it. */
export async function encodeEmail(ctx: AppContext, email: string) {
  const [encoded, history] = await Promise.all([
    idsOfEmail(ctx.db, email),
    addressHistory(ctx.db.$client, email, null),
  ]);
  if (!encoded.length && !history.bounced && !history.softBounces.last && !history.complaints)
    throwNotFound(M.emailUnknown);
  return { encoded, history };
}

function throwNotFound(message: string): never {
  throw notFound(message);
}

/**
 * The log: the newest `limit` entries, or with dates every entry between them up to LOG_ENTRIES_MAX
 * (`capped` says there were more). `dateTo` names a minute and includes it.
 */
export async function uploadingLog(
  ctx: AppContext,
  q: { source?: string; limit: number; dateFrom?: Date; dateTo?: Date },
): Promise<LogEntries> {
  const ranged = q.dateFrom !== undefined || q.dateTo !== undefined;
  const limit = ranged ? LOG_ENTRIES_MAX : q.limit;
  const to = q.dateTo && new Date(q.dateTo.getTime() + 60_000);
  const entries = await logEntries(ctx.db, { source: q.source, from: q.dateFrom, to, limit: limit + 1 });
  const capped = ranged && entries.length > limit;
  return { entries: entries.slice(0, limit), capped };
}

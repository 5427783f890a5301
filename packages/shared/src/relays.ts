import { z } from 'zod';
import { descriptionField, reference } from './fields.ts';
import { refItem } from './hydra.ts';

/** What PMTA and SMTP relays share (spec 2): bulk calls, the description call, their messages. */
export const RelayKinds = ['pmta', 'smtp'] as const;
export type RelayKind = (typeof RelayKinds)[number];

export const RelayMessages = {
  groupRequired: 'Relay Group is required',
  normalSpeedRequired: 'Normal Relay speed is required',
  normalSpeedInteger: 'Normal Relay speed must be integer',
  backoffSpeedRequired: 'Backoff Relay speed is required',
  backoffSpeedInteger: 'Backoff Relay speed must be integer',
  backoffSpeedFaster: 'Backoff Relay speed must be at least Normal Relay speed (0 sends without a pause).',
  groupNotOwners: "The relay group must be one of the owner's current groups.",
  chooseRelays: 'Choose relays first.',
  deleteConfirm: 'Are you sure you want to delete?',
  moved: 'Successfully moved!',
  changed: 'Successfully changed!',
  deleted: 'Deleted successfully!',
} as const;

/** A form or JSON boolean: true, false, 'true', 'false', '1', '0'. */
export const flag = (message: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: message })
    .transform((v) => v === true || v === 'true' || v === '1');

/** POST {kind}_relays/bulk_move and bulk_activity, beside `relaysIds`. */
export const bulkMoveSchema = z.object({ groupId: reference(RelayMessages.groupRequired) });
export const bulkActivitySchema = z.object({ activity: flag('Activity must be true or false.') });
export const bulkAnswer = z.object({ count: z.number(), message: z.string() });
export type BulkAnswer = z.infer<typeof bulkAnswer>;

/** POST /api/relays/edit_description (form fields): both relay kinds. */
export const editDescriptionSchema = z.object({
  relayType: z.enum(RelayKinds, { error: "Relay type must be 'pmta' or 'smtp'." }),
  relayId: reference('Relay is required'),
  description: descriptionField(),
});

/**
 * A speed is one message per N seconds, 0 = no pause at all: backoff (after a throttling reply) must never
 * send faster than normal (issue 23). So backoff >= normal, and backoff 0 only with normal 0. The engine
 * holds the same rule for rows saved before it (`speedOf` in sending/relays.ts).
 */
export const backoffSlowEnough = (normal: unknown, backoff: unknown) =>
  typeof normal !== 'number' || typeof backoff !== 'number' || backoff >= normal;

/**
 * What a relay speed means for a campaign (issue 38: a first campaign at the spec's default of 60 s a
 * message took hours and nothing said so): 'At 60 s a message one relay sends 60 an hour, 1,440 a day:
 * 10,000 recipients take about 6.9 days on one relay, 16.7 hours on ten.' Null for no usable speed.
 */
const n = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 1 });
/** A time in seconds as days, hours or minutes ('6.9 days'). */
const span = (secs: number) => {
  if (secs < 60) return `${Math.max(1, Math.round(secs))} second${Math.round(secs) === 1 ? '' : 's'}`;
  const [v, unit] =
    secs >= 86_400 ? [secs / 86_400, 'day'] : secs >= 3_600 ? [secs / 3_600, 'hour'] : [secs / 60, 'minute'];
  return `${n(v)} ${unit}${n(v) === '1' ? '' : 's'}`;
};

export function speedHint(seconds: unknown, recipients = 10_000): string | null {
  const s = typeof seconds === 'string' && /^\d+$/.test(seconds.trim()) ? Number(seconds) : seconds;
  if (typeof s !== 'number' || !Number.isInteger(s) || s < 1) return null;
  return (
    `At ${n(s)} s a message one relay sends ${n(3_600 / s)} an hour, ${n(86_400 / s)} a day: ` +
    `${n(recipients)} recipients take about ${span(recipients * s)} on one relay, ${span((recipients * s) / 10)} on ten.`
  );
}

/** What the campaign hint needs of a relay. */
export interface RelayPace {
  active: boolean;
  backoff: boolean;
  normalSpeed: number;
  backoffSpeed: number;
}

/**
 * How long a campaign takes on its relay group (issue 38, at the campaign's start): every active relay
 * sends one message per its speed (its backoff speed in backoff mode), side by side. 'At these relay
 * speeds (2 active relays), 1,000 recipients take about 8.3 hours.' Null while nothing is known.
 */
export function campaignDurationHint(recipients: number, relays: RelayPace[]): string | null {
  if (!Number.isFinite(recipients) || recipients < 0) return null;
  const active = relays.filter((r) => r.active);
  if (active.length === 0) return 'No relay of this group is active: the campaign sends nothing until one is.';
  const perSecond = active.reduce((sum, r) => sum + 1 / Math.max(1, r.backoff ? r.backoffSpeed : r.normalSpeed), 0);
  const relaysText = `${n(active.length)} active relay${active.length === 1 ? '' : 's'}`;
  return `At these relay speeds (${relaysText}), ${n(recipients)} recipients take about ${span(recipients / perSecond)}.`;
}

/**
 * A relay paused for one mail service by the console (decisions 1442, 1475, 1481): the service, why, since when
 * (ISO UTC). An SMTP relay's pause (`smtp_relay_pauses`) or a PMTA relay's switch the console turned off.
 */
export const relayPauseItem = z.object({ mailService: refItem, reason: z.string(), since: z.string() });
export type RelayPause = z.infer<typeof relayPauseItem>;

// @ts-nocheck
import { z } from 'zod';
import { descriptionField, reference } from './fields.ts';

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

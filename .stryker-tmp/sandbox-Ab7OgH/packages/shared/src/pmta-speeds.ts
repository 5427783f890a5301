// @ts-nocheck
import { z } from 'zod';
import { intField, reference } from './fields.ts';
import { refItem } from './hydra.ts';
import { isId } from './ids.ts';

/*
 * PMTA speeds (spec 3 "PMTA speeds", decision 0908): per relay and mail service, a local value in messages
 * per hour set in the console (0: read mode, otherwise write mode) and the remote value read from the
 * relay's PMTA server. Administrators only; the mail-service report sets them through easy_edit.
 */

/** The spec's messages verbatim, and ours where it shows none. */
export const PmtaSpeedMessages = {
  relayRequired: 'Pmta Relay is required',
  serviceRequired: 'Mail Service is required.',
  speedInvalid: 'Speed must be a whole number of messages per hour, 0 or more (0: read mode).',
  exists: 'A speed for this relay and mail service already exists.',
  chooseSpeeds: 'Choose speeds first.',
  invalidId: 'Invalid speed id.',
  deleted: 'Speed has been deleted.',
  syncWarning: 'Dont use this for more than 3 speeds! -Just wait for the automatic update (about 30 minutes).',
  syncFailed: 'Sync failed.',
  synced: 'Sync successfully!',
  syncedText: 'The remote value(s) has been synchronized.',
  empty: 'No PMTA Speeds',
} as const;
const M = PmtaSpeedMessages;

/** The manual Sync warns beyond this many speeds (spec 3 §9). */
export const SYNC_WARN_OVER = 3;
/** The automatic sync runs this often (spec 3 §9). */
export const SYNC_EVERY_MINUTES = 30;

/** Messages per hour; blank counts as 0 (read mode): "the speed itself has no rule". */
export const speedField = () =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? 0 : v), intField(M.speedInvalid, M.speedInvalid));

/** A list of ids as a form sends it: an array, or one field "1,2,3"; empty gives `message`. */
export const idsField = (message: string, invalid = 'Invalid id.', max = 10_000) =>
  z.preprocess(
    (v) =>
      (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).flatMap((x) =>
        typeof x === 'string'
          ? x
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [x],
      ),
    // One message for the whole list (not per element): the form shows it under its one field.
    z
      .array(z.unknown())
      .min(1, message)
      .max(max, `At most ${max} ids at once.`)
      .refine((ids) => ids.every(isId), invalid)
      .transform((ids) => [...new Set(ids.map(Number))]),
  );

/** POST /api/pmta_speed/create (form): one speed per chosen relay for the mail service. */
export const pmtaSpeedCreateSchema = z.object({
  pmtaRelays: idsField(M.relayRequired, M.relayRequired),
  mailProvider: reference(M.serviceRequired),
  speed: speedField(),
});
export type PmtaSpeedCreateBody = z.input<typeof pmtaSpeedCreateSchema>;

/** PUT /api/pmta_speeds/{id}: the local value only; relay and service are read-only, the local time is the server's. */
export const pmtaSpeedUpdateSchema = z.object({ localValue: intField(M.speedInvalid, M.speedInvalid) });
export type PmtaSpeedUpdateBody = z.input<typeof pmtaSpeedUpdateSchema>;

/** POST /api/pmta_speed/easy_edit/{relayId}/{providerId} (form field localValue). */
export const easyEditSchema = z.object({ localValue: speedField() });

/** POST /api/pmta_speed/delete and /api/pmta_speed/sync (form field pmtaSpeedsIds). */
export const pmtaSpeedsIdsSchema = z.object({ pmtaSpeedsIds: idsField(M.chooseSpeeds, M.invalidId) });
export type PmtaSpeedsIdsBody = z.input<typeof pmtaSpeedsIdsSchema>;

/**
 * PMTA speed: id, pmtaRelay (smtpHost), provider (name), localValue, remoteValue, localTime, remoteTime
 * (spec 3 §3). Times are ISO 8601 UTC. remoteTime null: never read; remoteValue null after a read:
 * PMTA's rate is `unlimited`. `synced` is the dot: green when the local time is before the remote time.
 */
export const pmtaSpeedItem = z.object({
  id: z.number(),
  pmtaRelay: z.object({ id: z.number(), smtpHost: z.string(), pmtaServerId: z.number() }),
  provider: refItem,
  localValue: z.number(),
  remoteValue: z.number().nullable(),
  localTime: z.string().nullable(),
  remoteTime: z.string().nullable(),
  synced: z.boolean(),
});
export type PmtaSpeed = z.infer<typeof pmtaSpeedItem>;

/** Sync and delete of several speeds: those done, and each failure with the server's words. */
export const pmtaSpeedsAnswer = z.object({
  ids: z.array(z.number()),
  failed: z.array(z.object({ id: z.number(), error: z.string() })),
});
export type PmtaSpeedsAnswer = z.infer<typeof pmtaSpeedsAnswer>;

/** easy_edit and easy_delete (spec 3 §4): `speed` is the local value (null once cleared). */
export const easyAnswer = z.object({
  success: z.boolean(),
  msg: z.string(),
  speed: z.number().nullable(),
  isGoodSpeed: z.boolean(),
});
export type EasyAnswer = z.infer<typeof easyAnswer>;

/** Read mode: the console only reads the server's rate; write mode: it sets it (spec 3 §4). */
export const isWriteMode = (s: { localValue: number }) => s.localValue > 0;

/**
 * A good speed (the report's green dot, decision 0908): synchronised (read after its last local change)
 * and, in write mode, the server runs exactly the local value.
 */
export const isGoodSpeed = (s: { localValue: number; remoteValue: number | null; synced: boolean }) =>
  s.synced && (!isWriteMode(s) || s.remoteValue === s.localValue);

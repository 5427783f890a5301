import { z } from 'zod';
import { Rating } from './enums.ts';
import {
  descriptionField,
  emailField,
  intField,
  ipField,
  optionalReference,
  reference,
  requiredString,
  tooLong,
} from './fields.ts';
import { refItem, userRefItem } from './hydra.ts';
import { RelayMessages, backoffSlowEnough, flag, relayPauseItem } from './relays.ts';

/** The spec's messages verbatim (spec 2 §5, §8), and ours where it shows none. */
export const PmtaRelayMessages = {
  ...RelayMessages,
  serverRequired: 'Pmta Server is required',
  smtpHostRequired: 'Smtp Host is required',
  smtpHostInvalid: 'Smtp Host must be a host name, e.g. mta1.example.com',
  ipRequired: 'IP address is required',
  ipInvalid: 'Not valid IP address',
  emailRequired: 'Sender Email is required',
  emailInvalid: 'Invalid Email',
  userNotFound: 'User not found.',
  serverNotOwners: "The PMTA server must be one of the owner's servers.",
  duplicateIp: 'This IP is already a relay of this PMTA server.',
} as const;
const M = PmtaRelayMessages;

/** A host name as PMTA's smtp-source-host and the EHLO name use it. */
export const HOST_NAME =
  /^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
export const smtpHostField = () =>
  requiredString(M.smtpHostRequired).max(253, tooLong('Smtp Host', 253)).regex(HOST_NAME, M.smtpHostInvalid);
export const relayIpField = () => ipField(M.ipRequired, M.ipInvalid);
export const senderEmailField = () => emailField(M.emailRequired, M.emailInvalid);

/** Spec 2 §9: a new relay is Neutral (1), inactive, not in backoff. */
export const NEW_PMTA_RELAY = { status: Rating.Neutral, active: false, backoff: false } as const;

/** POST /api/pmta_relays. Speeds default to the server's. */
export const pmtaRelayCreateSchema = z.object({
  group: reference(M.groupRequired),
  pmtaServer: reference(M.serverRequired),
  smtpHost: smtpHostField(),
  ip: relayIpField(),
  senderEmail: senderEmailField(),
  active: z.boolean({ error: 'Active must be true or false.' }).default(false),
  withoutVmta: z.boolean({ error: 'Without VMTA must be true or false.' }).default(false),
  description: descriptionField(),
  user: optionalReference(M.userNotFound),
});
/** PUT /api/pmta_relays/{id}: server, SMTP host and owner stay as they are (spec 2: locked, read-only). */
export const pmtaRelayUpdateSchema = z
  .object({
    group: reference(M.groupRequired),
    ip: relayIpField(),
    senderEmail: senderEmailField(),
    active: z.boolean({ error: 'Active must be true or false.' }),
    backoff: z.boolean({ error: 'Backoff must be true or false.' }).default(false),
    normalSpeed: intField(M.normalSpeedRequired, M.normalSpeedInteger),
    backoffSpeed: intField(M.backoffSpeedRequired, M.backoffSpeedInteger),
    description: descriptionField(),
  })
  .refine((v) => backoffSlowEnough(v.normalSpeed, v.backoffSpeed), {
    message: M.backoffSpeedFaster,
    path: ['backoffSpeed'],
  });
export type PmtaRelayCreateInput = z.infer<typeof pmtaRelayCreateSchema>;
export type PmtaRelayCreateBody = z.input<typeof pmtaRelayCreateSchema>;
export type PmtaRelayUpdateInput = z.infer<typeof pmtaRelayUpdateSchema>;
export type PmtaRelayUpdateBody = z.input<typeof pmtaRelayUpdateSchema>;

export const pmtaRelayItem = z.object({
  id: z.number(),
  smtpHost: z.string(),
  ip: z.string(),
  senderEmail: z.string(),
  active: z.boolean(),
  /** Rating: 1 Neutral, 2 Good, 3 Poor. */
  status: z.number(),
  normalSpeed: z.number(),
  backoffSpeed: z.number(),
  backoff: z.boolean(),
  withoutVmta: z.boolean(),
  description: z.string().nullable(),
  pmtaServer: z.object({ id: z.number(), name: z.string(), isVps: z.boolean() }),
  group: refItem,
  user: userRefItem,
  /**
   * Ours, beside the spec's fields (decision 1481): the mail services the console switched it off for, with the
   * reason and since when; a switch a person turned off is not a pause and is not listed.
   */
  pauses: z.array(relayPauseItem),
});
export type PmtaRelay = z.infer<typeof pmtaRelayItem>;

export const relayReputationItem = z.object({
  provider: z.object({ name: z.string() }),
  reputation: z.number(),
  details: z.string().nullable(),
  date: z.string(),
});
export type RelayReputation = z.infer<typeof relayReputationItem>;

export const PMTA_RELAYS_PAGE_SIZE = 50;

/** The per-provider switches of a relay (spec 2 "Switch"): off means the relay does not send to that service. */
export const switchItem = z.object({ providerName: z.string(), off: z.boolean() });
export type RelaySwitch = z.infer<typeof switchItem>;
export const switchesAnswer = z.object({ switches: z.array(switchItem) });
/** POST pmta_relay_switches/{relayId}: `switches` as an array or its JSON text (a form field). */
export const switchesSchema = z.object({
  switches: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z
      .array(switchItem.extend({ providerName: z.string().max(100) }), {
        error: 'Switches must be a list of {providerName, off}.',
      })
      .max(500),
  ),
});
export const switchSchema = z.object({ off: flag('Off must be true or false.') });

/** POST pmta_relays/count_poor: the list's filters under the names the spec gives this call. */
export const countPoorSchema = z.object({
  hostname: z.string().max(200).optional(),
  description: z.string().max(200).optional(),
  userId: z.union([z.string(), z.number()]).optional(),
  pmtaRelayGroupId: z.union([z.string(), z.number()]).optional(),
  pmtaServerId: z.union([z.string(), z.number()]).optional(),
  id: z.union([z.string(), z.number()]).optional(),
  isVps: z.union([z.string(), z.boolean()]).optional(),
});

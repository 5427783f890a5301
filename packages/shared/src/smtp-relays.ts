import { z } from 'zod';
import {
  descriptionField,
  emailField,
  intField,
  optionalReference,
  reference,
  requiredString,
  tooLong,
} from './fields.ts';
import { refItem, userRefItem } from './hydra.ts';
import { RelayMessages, backoffSlowEnough, relayPauseItem } from './relays.ts';

/** The spec's messages verbatim (spec 2 §5), and ours where it shows none. */
export const SmtpRelayMessages = {
  ...RelayMessages,
  serverRequired: 'SMTP Server is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid Email',
  accountRequired: 'Account is required',
  passwordRequired: 'Password is required',
  userNotFound: 'User not found.',
  serverNotOwners: "The SMTP server must be one of the owner's servers.",
  socksNotOwners: "The socks proxy must be one of the owner's proxies.",
  duplicateAccount: 'This account is already a relay of this SMTP server.',
} as const;
const M = SmtpRelayMessages;

/** An SMTP login and its password: bounded, as mail servers take them. */
export const SMTP_CREDENTIAL_MAX = 255;
const account = () =>
  requiredString(M.accountRequired).max(SMTP_CREDENTIAL_MAX, tooLong('Account', SMTP_CREDENTIAL_MAX));
/** Passwords are taken as typed (no trimming: a space may be part of one). */
const password = () =>
  z
    .string({ error: M.passwordRequired })
    .min(1, M.passwordRequired)
    .max(SMTP_CREDENTIAL_MAX, tooLong('Password', SMTP_CREDENTIAL_MAX));

/** Spec 2 §9: a new relay is Neutral (1), inactive in the form, not in backoff; speeds from its server. */
export const smtpRelayCreateSchema = z.object({
  group: reference(M.groupRequired),
  smtpServer: reference(M.serverRequired),
  senderEmail: emailField(M.emailRequired, M.emailInvalid),
  account: account(),
  password: password(),
  active: z.boolean({ error: 'Active must be true or false.' }).default(false),
  description: descriptionField(),
  /** The relay's provider DKIM-signs its mail: the console does not sign it (issue 26). */
  providerSigns: z.boolean({ error: 'Provider signs must be true or false.' }).default(false),
  user: optionalReference(M.userNotFound),
});

/**
 * PUT /api/smtp_relays/{id}: the form again, with socks, speeds and backoff mode. The owner stays; the
 * password is write-only, so a blank one keeps the stored password (`hasPassword` says one is set).
 */
export const smtpRelayUpdateSchema = smtpRelayCreateSchema
  .omit({ user: true, password: true })
  .extend({
    password: z
      .string({ error: M.passwordRequired })
      .max(SMTP_CREDENTIAL_MAX, tooLong('Password', SMTP_CREDENTIAL_MAX))
      .nullish()
      .transform((v) => v || null),
    active: z.boolean({ error: 'Active must be true or false.' }),
    socks: optionalReference(M.socksNotOwners),
    normalSpeed: intField(M.normalSpeedRequired, M.normalSpeedInteger),
    backoffSpeed: intField(M.backoffSpeedRequired, M.backoffSpeedInteger),
    backoff: z.boolean({ error: 'Backoff mode must be true or false.' }).default(false),
  })
  .refine((v) => backoffSlowEnough(v.normalSpeed, v.backoffSpeed), {
    message: M.backoffSpeedFaster,
    path: ['backoffSpeed'],
  });
export type SmtpRelayCreateInput = z.infer<typeof smtpRelayCreateSchema>;
export type SmtpRelayCreateBody = z.input<typeof smtpRelayCreateSchema>;
export type SmtpRelayUpdateInput = z.infer<typeof smtpRelayUpdateSchema>;
export type SmtpRelayUpdateBody = z.input<typeof smtpRelayUpdateSchema>;

export const smtpRelayItem = z.object({
  id: z.number(),
  account: z.string(),
  senderEmail: z.string(),
  /** A password is stored (it is never sent back). */
  hasPassword: z.boolean(),
  active: z.boolean(),
  /** Rating: 1 Neutral, 2 Good, 3 Poor. */
  status: z.number(),
  normalSpeed: z.number(),
  backoffSpeed: z.number(),
  backoff: z.boolean(),
  description: z.string().nullable(),
  providerSigns: z.boolean(),
  socks: z.object({ id: z.number(), ip: z.string(), port: z.number() }).nullable(),
  smtpServer: refItem,
  group: refItem,
  user: userRefItem,
  /** Ours, beside the spec's fields (decision 1475): the mail services it is paused for now, by name. */
  pauses: z.array(relayPauseItem),
});
export type SmtpRelay = z.infer<typeof smtpRelayItem>;

export const SMTP_RELAYS_PAGE_SIZE = 50;

/** The upload's columns (comma-separated, header row): spec 2 §5. */
export const SMTP_RELAY_COLUMNS = { required: ['account', 'password', 'senderEmail'], optional: ['active'] } as const;
export const SMTP_RELAY_HEADER_MESSAGE =
  'The first line must name the columns (comma-separated): account,password,senderEmail are required; active is optional (true by default).';

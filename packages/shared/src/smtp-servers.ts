import { z } from 'zod';
import {
  intField,
  nameField,
  optionalReference,
  portField,
  requiredString,
  tooLong,
  withDefaults,
  NAME_MAX,
} from './fields.ts';
import { DOMAIN } from './dkim-keys.ts';
import { userRefItem } from './hydra.ts';
import { backoffSlowEnough } from './relays.ts';

/** The spec's messages verbatim (spec 2 §5), and ours where it shows none. */
export const SmtpServerMessages = {
  nameRequired: 'Server Name is required.',
  hostRequired: 'Server HOST is required.',
  portRequired: 'Port is required.',
  portInteger: 'Port must be integer.',
  normalSpeedRequired: 'Relay Normal Speed is required.',
  normalSpeedInteger: 'Relay Normal Speed must be integer.',
  backoffSpeedRequired: 'Relay Backoff Speed is required.',
  backoffSpeedInteger: 'Relay Backoff Speed must be integer.',
  backoffSpeedFaster: 'Relay Backoff Speed must be at least Relay Normal Speed (0 sends without a pause).',
  tlsRequired: 'TLS is required.',
  userNotFound: 'User not found.',
  returnPathDomainInvalid: 'Return-Path domain must be a domain name such as bounces.example.com, or empty.',
  deleteConfirm: 'Are you sure you want to delete?',
} as const;
const M = SmtpServerMessages;

/** Spec 2 §9: port 25, no TLS, a relay sends one message per 60 s (600 s in backoff mode). */
export const SMTP_SERVER_DEFAULTS = { port: 25, tls: false, relayNormalSpeed: 60, relayBackoffSpeed: 600 } as const;

/** A host name or address: letters, digits, dots, dashes, colons (IPv6), no spaces or URL parts. */
const HOST = /^[A-Za-z0-9.:_-]+$/;

export const smtpServerSchema = z
  .object({
    name: nameField(M.nameRequired, 'Server Name'),
    host: requiredString(M.hostRequired)
      .max(NAME_MAX * 2, tooLong('Server HOST', NAME_MAX * 2))
      .regex(HOST, 'Server HOST must be a host name or an IP address.'),
    port: portField(M.portRequired, M.portInteger),
    tls: z.boolean({ error: M.tlsRequired }),
    relayNormalSpeed: intField(M.normalSpeedRequired, M.normalSpeedInteger),
    relayBackoffSpeed: intField(M.backoffSpeedRequired, M.backoffSpeedInteger),
    /**
     * VERP (decision 1440): the envelope sender becomes `bounce+<id>@<this domain>` for every message of the
     * server's relays; '' or null turns it off; left out of a PUT, it stays as it is.
     */
    returnPathDomain: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase().replace(/\.$/, '') || null : v),
        z.string({ error: M.returnPathDomainInvalid }).regex(DOMAIN, M.returnPathDomainInvalid).nullable(),
      )
      .optional(),
    user: optionalReference(M.userNotFound),
  })
  .refine((v) => backoffSlowEnough(v.relayNormalSpeed, v.relayBackoffSpeed), {
    message: M.backoffSpeedFaster,
    path: ['relayBackoffSpeed'],
  });
export type SmtpServerInput = z.infer<typeof smtpServerSchema>;
/** POST /api/smtp_servers: port, tls and speeds may be left out (spec 2 §9 defaults). */
export const smtpServerCreateSchema = withDefaults(smtpServerSchema, SMTP_SERVER_DEFAULTS);
export type SmtpServerBody = z.input<typeof smtpServerSchema>;

export const smtpServerItem = z.object({
  id: z.number(),
  name: z.string(),
  host: z.string(),
  port: z.number(),
  tls: z.boolean(),
  relayNormalSpeed: z.number(),
  relayBackoffSpeed: z.number(),
  /** VERP's domain; null: the relays' own address is the envelope sender. */
  returnPathDomain: z.string().nullable(),
  user: userRefItem,
  /** How many SMTP relays (accounts) the server has. */
  relaysCount: z.number(),
});
export type SmtpServer = z.infer<typeof smtpServerItem>;

export const SMTP_SERVERS_PAGE_SIZE = 30;

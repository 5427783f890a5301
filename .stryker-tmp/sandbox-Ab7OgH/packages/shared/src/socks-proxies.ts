// @ts-nocheck
import { z } from 'zod';
import { ipField, optionalReference, portField, portRange, tooLong } from './fields.ts';
import { userRefItem } from './hydra.ts';

/** The spec's messages verbatim (spec 2 §5, §8), and ours where it shows none. */
export const SocksMessages = {
  ipRequired: 'IP is required.',
  ipInvalid: 'Not valid IP address',
  portRequired: 'Port is required.',
  portInteger: 'Port must be integer.',
  /** Ours (issue 22): the spec words only the integer check. */
  portRange: portRange('Port'),
  userNotFound: 'User not found.',
  duplicate: 'This proxy (IP and port) is already in your list.',
  deleteConfirm: 'Are you sure you want to delete?',
  deleted: 'Deleted successfully!',
  reset: 'Successfully reset!',
  removed: 'Successfully removed!',
  added: 'Added successfully!',
  /** The upload's header row. */
  header: 'The first line must be the header ip:port:login:password (login and password may be left out).',
  internal: 'The proxy address is internal: the console may not connect to it.',
} as const;

export const SOCKS_CREDENTIAL_MAX = 255;
const credential = (label: string) =>
  z
    .string({ error: `${label} must be a text.` })
    .max(SOCKS_CREDENTIAL_MAX, tooLong(label, SOCKS_CREDENTIAL_MAX))
    .nullish()
    .transform((v) => v || null);

/**
 * POST /api/socks and PUT /api/socks/{id}. The password is write-only: on edit, a blank password keeps the
 * stored one (`hasPassword` says whether one is set); `clearPassword` removes it.
 */
export const socksSchema = z.object({
  ip: ipField(SocksMessages.ipRequired, SocksMessages.ipInvalid),
  port: portField(SocksMessages.portRequired, SocksMessages.portInteger),
  login: credential('Login'),
  password: credential('Password'),
  clearPassword: z.boolean().optional(),
  active: z.boolean({ error: 'Active must be true or false.' }).default(true),
  user: optionalReference(SocksMessages.userNotFound),
});
export type SocksInput = z.infer<typeof socksSchema>;
export type SocksBody = z.input<typeof socksSchema>;

export const socksItem = z.object({
  id: z.number(),
  ip: z.string(),
  port: z.number(),
  login: z.string().nullable(),
  /** A password is stored (it is never sent back). */
  hasPassword: z.boolean(),
  active: z.boolean(),
  user: userRefItem,
  /** The last check: when, and the address the proxy bound for it. */
  checkedAt: z.string().nullable(),
  boundIp: z.string().nullable(),
});
export type Socks = z.infer<typeof socksItem>;

/** GET /api/socks/check/{id}: the health test's answer (spec 2 "Check result"). */
export const socksCheckItem = z.object({ result: z.boolean(), msg: z.string(), boundIp: z.string().nullable() });
export type SocksCheck = z.infer<typeof socksCheckItem>;

/** The bulk calls (reset-activity, delete-inactive, delete-all): how many proxies changed. */
export const socksBulkItem = z.object({ count: z.number(), message: z.string() });
export type SocksBulk = z.infer<typeof socksBulkItem>;

export const SOCKS_PAGE_SIZE = 30;

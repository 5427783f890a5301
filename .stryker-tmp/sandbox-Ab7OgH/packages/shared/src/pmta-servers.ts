// @ts-nocheck
import { z } from 'zod';
import {
  TEXT_MAX,
  intField,
  ipField,
  nameField,
  optionalReference,
  portField,
  requiredString,
  tooLong,
  withDefaults,
} from './fields.ts';
import { userRefItem } from './hydra.ts';
import { backoffSlowEnough } from './relays.ts';

/**
 * The spec's messages verbatim (spec 2 §5). One deliberate change: the spec's SMTP port messages say
 * 'SSH Port' (a slip of the old console); ours name the SMTP port (docs/decisions/0551).
 */
export const PmtaServerMessages = {
  nameRequired: 'Server Name is required.',
  ipRequired: 'Server IP is required.',
  ipInvalid: 'Server IP must be an valid IP address.',
  httpPortRequired: 'PMTA HTTP Port is required.',
  httpPortInteger: 'PMTA HTTP Port must be integer.',
  sshPortRequired: 'SSH Port is required.',
  sshPortInteger: 'SSH Port must be integer.',
  smtpPortRequired: 'SMTP Port is required.',
  smtpPortInteger: 'SMTP Port must be integer.',
  normalSpeedRequired: 'Relay Normal Speed is required.',
  normalSpeedInteger: 'Relay Normal Speed must be integer.',
  backoffSpeedRequired: 'Relay Backoff Speed is required.',
  backoffSpeedInteger: 'Relay Backoff Speed must be integer.',
  backoffSpeedFaster: 'Relay Backoff Speed must be at least Relay Normal Speed (0 sends without a pause).',
  usernameRequired: 'Server Username is required.',
  usernameShort: 'Server Username must be at least 4 characters.',
  ipListRequired: 'IP List is required.',
  encryption: "Encryption must be empty, 'ssl' or 'tls'.",
  userNotFound: 'User not found.',
  hasRelays: 'The server has relays of its owner: it cannot change owner.',
  deleteConfirm: 'Are you sure you want to delete?',
  sshKeyInvalid: 'SSH Key must be a private key (OpenSSH or PEM) without a passphrase.',
  hostTaken:
    "This host (Server IP and SSH Port) is already another owner's PMTA server. An administrator can assign it to you.",
} as const;
const M = PmtaServerMessages;

/** Spec 2 §9. */
export const PMTA_SERVER_DEFAULTS = {
  pmtaHttpPort: 8080,
  sshPort: 22,
  smtpPort: 3535,
  serverUsername: 'root',
  relayNormalSpeed: 60,
  relayBackoffSpeed: 600,
  isVps: false,
} as const;
export const SSH_PASSWORD_MAX = 200;
/** An RSA 4096 private key in PEM is about 3.3 KB; room for a longer one. */
export const SSH_KEY_MAX = 16_384;
export const ENCRYPTIONS = ['ssl', 'tls'] as const;
export type Encryption = (typeof ENCRYPTIONS)[number];

export const pmtaServerSchema = z
  .object({
    name: nameField(M.nameRequired, 'Server Name'),
    serverIp: ipField(M.ipRequired, M.ipInvalid),
    pmtaHttpPort: portField(M.httpPortRequired, M.httpPortInteger),
    sshPort: portField(M.sshPortRequired, M.sshPortInteger),
    smtpPort: portField(M.smtpPortRequired, M.smtpPortInteger),
    // Empty is sent as null (spec 2 §5): plain SMTP injection.
    encryption: z
      .union([z.literal(''), z.enum(ENCRYPTIONS), z.null()], { error: M.encryption })
      .optional()
      .transform((v) => v || null),
    serverUsername: requiredString(M.usernameRequired).min(4, M.usernameShort).max(32, tooLong('Server Username', 32)),
    relayNormalSpeed: intField(M.normalSpeedRequired, M.normalSpeedInteger),
    relayBackoffSpeed: intField(M.backoffSpeedRequired, M.backoffSpeedInteger),
    ipList: requiredString(M.ipListRequired).max(TEXT_MAX, tooLong('IP List', TEXT_MAX)),
    isVps: z.boolean({ error: 'VPS must be true or false.' }).default(false),
    user: optionalReference(M.userNotFound),
    /**
     * Write-only SSH credentials of this server, besides the console's own key (docs/decisions/0901): sealed
     * at rest, never returned (`hasSshPassword`, `hasSshKey`); blank or absent keeps the stored one.
     */
    sshPassword: z
      .string({ error: 'SSH Password must be a text.' })
      .max(SSH_PASSWORD_MAX, tooLong('SSH Password', SSH_PASSWORD_MAX))
      .nullish()
      .transform((v) => v || null),
    sshKey: z
      .string({ error: M.sshKeyInvalid })
      .max(SSH_KEY_MAX, tooLong('SSH Key', SSH_KEY_MAX))
      .nullish()
      .transform((v) => v?.trim() || null),
  })
  .refine((v) => backoffSlowEnough(v.relayNormalSpeed, v.relayBackoffSpeed), {
    message: M.backoffSpeedFaster,
    path: ['relayBackoffSpeed'],
  });
export type PmtaServerInput = z.infer<typeof pmtaServerSchema>;
/** POST /api/pmta_servers: ports, user and speeds may be left out (spec 2 §9 defaults). */
export const pmtaServerCreateSchema = withDefaults(pmtaServerSchema, PMTA_SERVER_DEFAULTS);
export type PmtaServerBody = z.input<typeof pmtaServerSchema>;

/** A PMTA server as every call returns it: never a secret (SSH password or key). */
export const pmtaServerItem = z.object({
  id: z.number(),
  name: z.string(),
  serverIp: z.string(),
  pmtaHttpPort: z.number(),
  sshPort: z.number(),
  smtpPort: z.number(),
  encryption: z.enum(ENCRYPTIONS).nullable(),
  serverUsername: z.string(),
  relayNormalSpeed: z.number(),
  relayBackoffSpeed: z.number(),
  ipList: z.string(),
  isVps: z.boolean(),
  user: userRefItem,
  relaysCount: z.number(),
  hasSshPassword: z.boolean(),
  hasSshKey: z.boolean(),
  /** The pinned SHA256 fingerprint of the server's SSH host key (null until the first connection). */
  hostKey: z.string().nullable(),
});
export type PmtaServer = z.infer<typeof pmtaServerItem>;

/**
 * GET /api/pmta/ssh-public-key: the caller's own SSH public key (the `authorized_keys` line for their
 * hosts) and their servers, which must all carry it (decision 1010).
 */
export const sshKeyItem = z.object({
  publicKey: z.string(),
  servers: z.array(z.object({ id: z.number(), name: z.string(), serverIp: z.string() })),
});
export type SshKeyInfo = z.infer<typeof sshKeyItem>;
/** POST /api/pmta/ssh-public-key/rotate: `confirm: true` (the form asked, naming the servers to update). */
export const sshKeyRotateSchema = z.object({ confirm: z.boolean() });

export const PMTA_SERVERS_PAGE_SIZE = 30;

/** POST /api/upload_pmta_servers `type`: servers alone, or servers with their relays (one line per relay). */
export const PmtaServerUploadTypes = { simple: 'simple', withRelay: 'withRelay' } as const;

/** The upload files' columns (colon-separated, header row). */
export const PMTA_SERVER_COLUMNS = {
  required: ['name', 'serverIp', 'ipList'],
  optional: [
    'pmtaHttpPort',
    'sshPort',
    'smtpPort',
    'serverUsername',
    'relayNormalSpeed',
    'relayBackoffSpeed',
    'isVps',
    'encryption',
    'ownerId',
    'withoutConfig',
  ],
  relayRequired: ['relayGroupId', 'relayHost', 'relayIp', 'senderEmail'],
  relayOptional: ['active', 'withoutVmta'],
} as const;

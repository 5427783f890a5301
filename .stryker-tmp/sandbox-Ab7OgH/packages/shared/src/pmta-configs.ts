// @ts-nocheck
import { z } from 'zod';
import { nameField, reference } from './fields.ts';
import { idField, isId } from './ids.ts';
import { userRefItem } from './hydra.ts';

/*
 * PMTA config files and the configs applied to servers and relays (spec 3 "PMTA configs", "Apply config
 * and applied configs", decision 0907). Administrators only.
 */

/** The config types by their index (spec 3: 0 servers, 1 relays): GET pmta_config/types. */
export const PMTA_CONFIG_TYPES = ['servers', 'relays'] as const;
export const CONFIG_FOR_SERVERS = 0;
export const CONFIG_FOR_RELAYS = 1;
export type PmtaConfigType = 0 | 1;
export const PmtaConfigTypeLabels: Record<PmtaConfigType, string> = { 0: 'Servers', 1: 'Relays' };

/** A config file is text of at most this many bytes (it is included in PMTA's configuration). */
export const PMTA_CONFIG_MAX_BYTES = 256 * 1024;
/** How many of a refused file's problems the answer names. */
export const PMTA_CONFIG_ERRORS_SHOWN = 20;

export const PmtaConfigMessages = {
  nameRequired: 'Name is required.',
  typeRequired: 'Type is required.',
  fileRequired: 'File is required.',
  configRequired: 'Config is required.',
  recipientRequired: 'Recipient is required',
  fileTooLarge: `The file must not be larger than ${PMTA_CONFIG_MAX_BYTES / 1024} kB.`,
  fileNotText: 'The file must be text (UTF-8, without NUL characters).',
  prePmtaConfig: 'prePmtaConfig must be JSON of name and type.',
  notMultipart: 'The request must be multipart/form-data.',
  notFound: 'PMTA config not found.',
  configNotFound: 'PMTA config not found.',
  typeLocked: 'The type cannot change while the config is applied: delete its applied configs first.',
  recipientsNotFound: (ids: number[]) => `Recipient not found: ${ids.slice(0, 20).join(', ')}.`,
  deletedTitle: 'Deleted successfully!',
  deleted: 'Pmta Config File has been deleted.',
  contentFailed: 'Oops! Sorry, something went wrong.',
  created: 'PMTA config has been created.',
  updated: 'PMTA config has been updated.',
  applied: 'Applied successfully!',
  appliedText: 'The config is uploaded to the recipients in the background.',
  idsRequired: 'Choose at least one applied config.',
  appliedNotFound: (ids: number[]) => `Applied config not found: ${ids.slice(0, 20).join(', ')}.`,
  resetConfirm: 'Are you sure you want to reset current version?',
  resetTitle: 'Reset successfully!',
  reset: 'Current version has been reseted.',
  resetFailed: 'Reset failed.',
  emptyConfigs: 'No PMTA config files.',
  emptyApplied: 'No applied configs.',
} as const;
const M = PmtaConfigMessages;

/** A config type as forms send it: 0 or 1, '0' or '1', or `{id}` ("type id" of the spec's prePmtaConfig). */
export const configTypeField = (message: string = M.typeRequired) =>
  z.preprocess(
    (v) => {
      const raw = v && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v;
      return typeof raw === 'string' && /^[01]$/.test(raw) ? Number(raw) : raw;
    },
    z.union([z.literal(0), z.literal(1)], { error: message }),
  );

/** prePmtaConfig of POST pmta_config/create and pmta_config/{id}/update (the file is `configFile`). */
export const pmtaConfigSchema = z.object({
  name: nameField(M.nameRequired),
  type: configTypeField(),
});
export type PmtaConfigBody = z.input<typeof pmtaConfigSchema>;

/** PMTA config: id, name, type (0 servers, 1 relays), the uploaded file's name and the content's version. */
export const pmtaConfigItem = z.object({
  id: z.number(),
  name: z.string(),
  type: z.number(),
  fileName: z.string(),
  /** Starts at 1, grows with every new content: applied copies of an older version upload again. */
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PmtaConfig = z.infer<typeof pmtaConfigItem>;

/** GET pmta_config/{id}/content: the file as uploaded, shown in a new window. */
export const pmtaConfigContent = z.object({
  id: z.number(),
  name: z.string(),
  fileName: z.string(),
  content: z.string(),
});
export type PmtaConfigContent = z.infer<typeof pmtaConfigContent>;

export const pmtaConfigTypesAnswer = z.array(z.string());

/** Ids in a form: `[1, 2]`, `"1,2"` or one id. */
const ids = (message: string) =>
  z.preprocess(
    (v) =>
      (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]).flatMap((x) =>
        typeof x === 'string' ? x.split(',').map((s) => s.trim()) : [x],
      ),
    z
      .array(z.union([z.number(), z.string()], { error: message }).refine(isId, message).transform(Number), {
        error: message,
      })
      .min(1, message)
      .max(10_000, 'At most 10000 recipients at once.'),
  );

/** POST pmta_config/apply: the config and its recipients (servers for a type 0 config, relays for type 1). */
export const applyConfigSchema = z.object({
  config: reference(M.configRequired),
  recipients: ids(M.recipientRequired),
});
export type ApplyConfigBody = z.input<typeof applyConfigSchema>;
/** The Apply form: the type is chosen first (it lists the configs), the owner narrows the recipients. */
export const applyConfigFormSchema = applyConfigSchema.extend({ type: configTypeField() });

/** Applied config: id, configType, configName, recipient, version (0: not yet uploaded to the recipient). */
export const appliedPmtaConfigItem = z.object({
  id: z.number(),
  configId: z.number(),
  configType: z.number(),
  configName: z.string(),
  /** The config's current version: an applied version below it uploads again. */
  configVersion: z.number(),
  /** The server's name, or the relay's host name and IP. */
  recipient: z.string(),
  recipientId: z.number(),
  /** The recipient's owner. */
  user: userRefItem,
  /** The PMTA server the file goes to (the relay's server for a relay config). */
  server: z.object({ id: z.number(), name: z.string() }),
  version: z.number(),
  /** Why the last upload failed (kept until an upload succeeds); retried every minute. */
  error: z.string().nullable(),
  updatedAt: z.string(),
});
export type AppliedPmtaConfig = z.infer<typeof appliedPmtaConfigItem>;

/** The applied list's filter fields and sortable columns (POST applied_pmta_configs). */
export const APPLIED_FILTER_FIELDS = [
  'configType',
  'configName',
  'recipient',
  'version',
  'config.id',
  'user.id',
] as const;
export const APPLIED_ORDER_FIELDS = ['id', 'configType', 'configName', 'recipient', 'version', 'updatedAt'] as const;

/** A JSON value sent as a form field (a string) or as itself; text that is no JSON fails the schema. */
const jsonField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return Number.NaN;
    }
  }, schema);

const ORDER_MESSAGE = 'Order must be a sortable field and asc or desc.';
const orderShape = z.object(
  {
    field: z.enum(APPLIED_ORDER_FIELDS, { error: ORDER_MESSAGE }),
    direction: z.enum(['asc', 'desc', 'ASC', 'DESC'], { error: ORDER_MESSAGE }).default('asc'),
  },
  { error: ORDER_MESSAGE },
);
const FILTER_MESSAGE = 'Filter must be a list of field and value pairs.';

/**
 * POST applied_pmta_configs: `filter` (list of {field, value}), `order` ({field, direction}, or
 * `{configName: 'asc'}`), optional `_page` and `itemsPerPage`; as JSON or form fields holding JSON.
 */
export const appliedListSchema = z.object({
  filter: jsonField(
    z
      .array(
        z.object(
          {
            field: z.enum(APPLIED_FILTER_FIELDS, { error: 'Unknown filter field.' }),
            value: z.union([z.string(), z.number()], { error: 'Filter value must be text or a number.' }),
          },
          { error: FILTER_MESSAGE },
        ),
        { error: FILTER_MESSAGE },
      )
      .max(APPLIED_FILTER_FIELDS.length * 2, 'Too many filters.')
      .default([]),
  ),
  order: jsonField(
    z.preprocess((v) => {
      if (!v || typeof v !== 'object' || Array.isArray(v) || 'field' in v) return v;
      const [entry, ...more] = Object.entries(v);
      return entry && !more.length ? { field: entry[0], direction: entry[1] } : Number.NaN;
    }, orderShape.optional()),
  ),
  _page: z.union([z.string(), z.number()]).optional(),
  itemsPerPage: z.union([z.string(), z.number()]).optional(),
});
export type AppliedListBody = z.input<typeof appliedListSchema>;

/** One row of POST applied_pmta_configs/delete and reset_current_version (the spec's id and type pair). */
export const appliedIdsSchema = z.object({
  ids: z
    .array(
      z.object({
        appliedConfigId: idField(),
        appliedConfigType: configTypeField(M.typeRequired),
      }),
      { error: M.idsRequired },
    )
    .min(1, M.idsRequired)
    .max(1000, 'At most 1000 applied configs at once.'),
});
export type AppliedIdsBody = z.input<typeof appliedIdsSchema>;
export const appliedResetAnswer = z.object({ reset: z.number() });

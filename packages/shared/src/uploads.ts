import { z } from 'zod';
import { UploadContext, UploadStatus } from './enums.ts';

/**
 * The spec's upload kinds (spec 1 "Upload context kinds", spec 2 "Upload kind enumeration"): the
 * `kind` of an upload row and the `type` of GET /api/upload_files.
 */
export const UploadKinds = UploadContext;
export type UploadKind = (typeof UploadKinds)[keyof typeof UploadKinds];
const KIND_VALUES = new Set<number>(Object.values(UploadKinds));
export const isUploadKind = (v: number): v is UploadKind => KIND_VALUES.has(v);

/** Where an upload is (the uploads table's `status`): queued -> processing -> done | failed. */
export const UploadStates = { queued: 'queued', processing: 'processing', done: 'done', failed: 'failed' } as const;
export type UploadState = (typeof UploadStates)[keyof typeof UploadStates];
/** Still to be finished: what GET /api/upload_files lists. */
export const LIVE_UPLOAD_STATES: readonly UploadState[] = [UploadStates.queued, UploadStates.processing];

/** The spec's upload status enumeration, for an upload that has ended (Removed is not an upload's state). */
export const uploadStatusOf = (s: UploadState) =>
  s === UploadStates.done ? UploadStatus.Uploaded : s === UploadStates.failed ? UploadStatus.UploadFailed : null;

/** Ours (the spec shows none): what the mechanism says about any kind's file. */
export const UploadMessages = {
  unknownType: 'Unknown upload type.',
  chooseFile: 'Please choose a CSV file.',
  notCsv: 'The file must be a CSV file (text/csv).',
  emptyFile: 'The file is empty.',
  headerTooLong: 'The header row is too long (over 64 KB): is this a CSV file?',
  malformed: (detail: string) => `The file is not a valid CSV file: ${detail}`,
  fileMissing: 'The uploaded file is missing.',
  targetGone: 'What the file was for has been deleted.',
  failed: (detail: string) => `The import failed: ${detail}`,
  tooManyRows: (cap: number) =>
    `The file has more than ${rowsText(cap)} rows, the most one file may hold: nothing was imported. Split it into smaller files.`,
  atMost: (cap: number) => `At most ${rowsText(cap)} rows per file.`,
} as const;

const rowsText = (n: number) => n.toLocaleString('en-US');

/**
 * The most data rows (the header excluded) one file of each kind may hold (decision 1311): a file over
 * it fails whole, before anything is merged. IMPORT_MAX_ROWS changes them (`socks=2000000,emails=…`); the
 * upload dialogs show the console's own (GET /api/upload_limits).
 */
export const DEFAULT_ROW_CAPS: Record<keyof typeof UploadKinds, number> = {
  emails: 10_000_000,
  unsubscribers: 10_000_000,
  spamEmails: 5_000_000,
  spamDomains: 1_000_000,
  spamMxs: 1_000_000,
  socks: 1_000_000,
  smtpRelays: 100_000,
  pmtaRelays: 100_000,
  pmtaRelaysAllIn: 100_000,
  pmtaServersSimple: 10_000,
  pmtaServersWithRelays: 100_000,
};
export type RowCapName = keyof typeof DEFAULT_ROW_CAPS;
export const ROW_CAP_NAMES = Object.keys(DEFAULT_ROW_CAPS) as RowCapName[];
/** The name IMPORT_MAX_ROWS gives a kind (UploadKinds' key). */
export const capNameOf = (kind: UploadKind) => ROW_CAP_NAMES.find((n) => UploadKinds[n] === kind)!;

/** GET /api/upload_limits: the most rows a file of each kind may hold, by kind number (UploadKinds). */
export const uploadLimitsItem = z.record(z.string(), z.number());
export type UploadLimits = Record<number, number>;

/** GET /api/upload_files?type=: the caller's files of one kind still in progress. */
export const uploadFilesQuery = z.object({
  type: z.coerce
    .number({ error: UploadMessages.unknownType })
    .refine((v) => isUploadKind(v), UploadMessages.unknownType)
    .transform((v) => v as UploadKind),
});

/** The spec's "Uploaded file". */
export const uploadedFileItem = z.object({ id: z.number(), originalName: z.string(), completion: z.number() });
export type UploadedFile = z.infer<typeof uploadedFileItem>;

/** Spec 2's accepted text of a file upload (the relays, servers, socks and suppression uploads). */
export const FILE_ACCEPTED =
  'File is accepted for processing – It will take some time to process the data, please wait.';

/** The answer to an accepted file upload: the file as GET upload_files lists it, and the spec's text. */
export const fileAcceptedItem = uploadedFileItem.extend({ message: z.string() });
export type FileAccepted = z.infer<typeof fileAcceptedItem>;

/** The uploading log's message types (spec 3: errors in red, warnings in yellow, the rest plain). */
export const LogTypes = { error: 'Error', warning: 'Warning', info: 'Info' } as const;
export type LogType = (typeof LogTypes)[keyof typeof LogTypes];

import { z } from 'zod';
import { NAME_MAX, nameField, optionalReference, portField, reference, requiredString, tooLong } from './fields.ts';
import { refItem, userRefItem } from './hydra.ts';

/*
 * Bounce mailboxes (issue 39 section 2, decision 1380): an owner's IMAP mailboxes where DSNs and ARF
 * reports come back, and the reports read from them.
 */

export const BounceMailboxMessages = {
  nameRequired: 'Name is required.',
  hostRequired: 'Host is required.',
  hostInvalid: 'Host must be a host name or an IP address.',
  portRequired: 'Port is required.',
  portInteger: 'Port must be integer.',
  securityInvalid: 'Security must be tls, starttls or plain.',
  userRequired: 'User is required.',
  passwordRequired: 'Password is required',
  folderRequired: 'Folder is required.',
  folderInvalid: 'Folder must not contain control characters.',
  serverNotOwners: "The SMTP server must be one of the owner's servers.",
  userNotFound: 'User not found.',
  deleteConfirm: 'Are you sure you want to delete?',
  checkQueued: 'The mailbox will be checked in a moment.',
} as const;
const M = BounceMailboxMessages;

export const MAILBOX_SECURITY = ['tls', 'starttls', 'plain'] as const;
export type MailboxSecurity = (typeof MAILBOX_SECURITY)[number];
/** The usual port of each security: IMAPS 993, IMAP 143. */
export const MAILBOX_PORTS: Record<MailboxSecurity, number> = { tls: 993, starttls: 143, plain: 143 };

export const MAILBOX_CREDENTIAL_MAX = 255;
export const FOLDER_MAX = 200;
const HOST = /^[A-Za-z0-9.:_-]+$/;

const fields = {
  name: nameField(M.nameRequired),
  host: requiredString(M.hostRequired)
    .max(NAME_MAX * 2, tooLong('Host', NAME_MAX * 2))
    .regex(HOST, M.hostInvalid),
  port: portField(M.portRequired, M.portInteger),
  security: z.enum(MAILBOX_SECURITY, { error: M.securityInvalid }),
  username: requiredString(M.userRequired).max(MAILBOX_CREDENTIAL_MAX, tooLong('User', MAILBOX_CREDENTIAL_MAX)),
  folder: requiredString(M.folderRequired)
    .max(FOLDER_MAX, tooLong('Folder', FOLDER_MAX))
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]+$/, M.folderInvalid),
  active: z.boolean({ error: 'Active must be true or false.' }),
  /** The SMTP servers whose bounces come here (their Return-Path / bounce address is this mailbox). */
  smtpServers: z.array(reference(M.serverNotOwners), { error: M.serverNotOwners }).max(500),
  user: optionalReference(M.userNotFound),
};

/** Passwords are taken as typed (no trimming). */
const password = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .max(MAILBOX_CREDENTIAL_MAX, tooLong('Password', MAILBOX_CREDENTIAL_MAX));

/** POST /api/bounce_mailboxes: port 993 with TLS, folder INBOX, active, no servers unless given. */
export const bounceMailboxCreateSchema = z.object({
  ...fields,
  port: fields.port.default(MAILBOX_PORTS.tls),
  security: fields.security.default('tls'),
  folder: fields.folder.default('INBOX'),
  active: fields.active.default(true),
  smtpServers: fields.smtpServers.default([]),
  password,
});
/** PUT /api/bounce_mailboxes/{id}: the whole form; a blank password keeps the stored one. */
export const bounceMailboxUpdateSchema = z.object({
  ...fields,
  user: fields.user,
  password: z
    .string({ error: M.passwordRequired })
    .max(MAILBOX_CREDENTIAL_MAX, tooLong('Password', MAILBOX_CREDENTIAL_MAX))
    .nullish()
    .transform((v) => v || null),
});
export type BounceMailboxCreateInput = z.infer<typeof bounceMailboxCreateSchema>;
export type BounceMailboxCreateBody = z.input<typeof bounceMailboxCreateSchema>;
export type BounceMailboxUpdateInput = z.infer<typeof bounceMailboxUpdateSchema>;
export type BounceMailboxUpdateBody = z.input<typeof bounceMailboxUpdateSchema>;

export const bounceMailboxItem = z.object({
  id: z.number(),
  name: z.string(),
  host: z.string(),
  port: z.number(),
  security: z.enum(MAILBOX_SECURITY),
  username: z.string(),
  hasPassword: z.boolean(),
  folder: z.string(),
  active: z.boolean(),
  smtpServers: z.array(refItem),
  user: userRefItem,
  /** When the last check ended, and its error in plain words (null when it worked). */
  checkedAt: z.string().nullable(),
  error: z.string().nullable(),
  readCount: z.number(),
  bouncesCount: z.number(),
  complaintsCount: z.number(),
  unmatchedCount: z.number(),
});
export type BounceMailbox = z.infer<typeof bounceMailboxItem>;

export const BOUNCE_MAILBOXES_PAGE_SIZE = 30;

/** What a report was to the console (issue 39 section 4). */
export const REPORT_OUTCOMES = ['permanent', 'temporary', 'infrastructure', 'complaint', 'unmatched', 'none'] as const;
export type ReportOutcomeName = (typeof REPORT_OUTCOMES)[number];
export const REPORT_KINDS = ['dsn', 'arf', 'other'] as const;

export const bounceReportItem = z.object({
  id: z.number(),
  createdAt: z.string(),
  mailbox: refItem,
  kind: z.enum(REPORT_KINDS),
  format: z.string(),
  outcome: z.enum(REPORT_OUTCOMES),
  category: z.string().nullable(),
  recipient: z.string().nullable(),
  diagnostic: z.string().nullable(),
  subject: z.string(),
  campaign: refItem.nullable(),
  relayId: z.number().nullable(),
  problems: z.array(z.string()),
  size: z.number(),
});
export type BounceReport = z.infer<typeof bounceReportItem>;
/**
 * GET /api/bounce_reports/{id}: the row and its first 64 KB as read; the retention job (decision 1443) removes
 * the raw text after the Retention screen's days: `raw` is then null and `rawPurgedAt` says when it went,
 * while it is kept `rawKeptUntil` says until when.
 */
export const bounceReportDetail = bounceReportItem.extend({
  raw: z.string().nullable(),
  rawPurgedAt: z.string().nullable(),
  rawKeptUntil: z.string().nullable(),
});
export type BounceReportDetail = z.infer<typeof bounceReportDetail>;

export const BOUNCE_REPORTS_PAGE_SIZE = 50;

// @ts-nocheck
import { z } from 'zod';
import { NAME_MAX, reference, tooLong } from './fields.ts';
import { itemsOf, refItem, userRefItem } from './hydra.ts';

/** The spec's messages (section 5), and ours where the spec shows none. */
export const EmailListMessages = {
  nameRequired: 'Name is required.',
  nameMin: 'Name must have at least 1 characters.',
  categoryRequired: 'Category is required.',
  categoryNotFound: 'Category not found.',
  userNotFound: 'User not found.',
  listNotFound: 'Email list not found.',
  emailNotFound: 'Email not found.',
  nothingToDelete: 'You must select something to delete',
  uploadAccepted: 'We will notify you, when moderation process will be done.',
  chooseFile: 'Please choose a CSV file.',
  notCsv: 'The file must be a CSV file (text/csv).',
  noEmailColumn: 'The file has no "email" column.',
  emptyFile: 'The file is empty.',
  headerTooLong: 'The header row is too long (over 64 KB): is this a CSV file?',
  malformed: (detail: string) => `The file is not a valid CSV file: ${detail}`,
  inUse: 'This email list is used elsewhere and cannot be deleted.',
  notifySubject: 'Email list upload',
} as const;

/** Reasons written in the failures file (`row,email,reason`). */
export const FailureReasons = {
  duplicate: 'duplicate',
  missingEmail: 'missing email',
  invalidEmail: 'invalid email',
} as const;

/** `reference` whose every failure says `message` (the helper's own pattern text must not leak). */
const strictReference = (message: string) =>
  z
    .unknown()
    .superRefine((v, ctx) => {
      if (!reference(message).safeParse(v).success) ctx.addIssue({ code: 'custom', message });
    })
    .transform((v) => reference(message).parse(v));

/**
 * 'Name is required.' when the name is missing or empty, 'Name must have at least 1 characters.' when it
 * is only blanks (it is trimmed before it is stored).
 */
const name = z
  .string({ error: EmailListMessages.nameRequired })
  .min(1, EmailListMessages.nameRequired)
  .trim()
  .min(1, EmailListMessages.nameMin)
  .max(NAME_MAX, tooLong('Name', NAME_MAX));

const references = (message: string) =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : v), z.array(strictReference(message)));

/**
 * POST /api/email_lists and PUT /api/email_lists/{id}. `category` and each of `users` (the users the list
 * is assigned to) is an id, an IRI (/api/categories/7, /api/users/3) or {id}. `user` (the owner) is
 * optional: by default the creating administrator, and unchanged on edit.
 */
export const emailListSchema = z.object({
  name,
  category: z.preprocess((v) => (v === '' ? undefined : v), strictReference(EmailListMessages.categoryRequired)),
  users: references(EmailListMessages.userNotFound).optional(),
  user: strictReference(EmailListMessages.userNotFound).optional(),
});
export type EmailListInput = z.infer<typeof emailListSchema>;
/** What a client sends. */
export type EmailListBody = z.input<typeof emailListSchema>;

/** POST /api/clone-email-list. `name` defaults to '<source name> (copy)'. */
export const cloneEmailListSchema = z.object({
  emailListId: strictReference(EmailListMessages.listNotFound),
  name: name.optional(),
});
export type CloneEmailList = z.infer<typeof cloneEmailListSchema>;

export type Ref = z.infer<typeof refItem>;
export type UserRef = z.infer<typeof userRefItem>;

export const providersCounterItem = z.object({
  mailProviderId: z.number(),
  mailProviderName: z.string(),
  counter: z.number(),
});
export type ProvidersCounter = z.infer<typeof providersCounterItem>;

/** One row of GET /api/email_lists and the body of GET/POST/PUT email_lists and clone-email-list. */
export const emailListItem = z.object({
  id: z.number(),
  name: z.string(),
  category: refItem,
  /** Users the list is assigned to (besides its owner). */
  users: z.array(userRefItem),
  usersCount: z.number(),
  totalCounter: z.number(),
  validCounter: z.number(),
  /** Every mail provider, ordered by name; counter = e-mails of the list (valid or not) at that provider. */
  providersCounters: z.array(providersCounterItem),
  created_at: z.object({ date: z.string() }),
  /** The id of the running upload; null when idle. */
  job: z.number().nullable(),
  completion: z.number(),
  /** Path of the failures download of the latest upload, or null when it had none. */
  failedEmailsUrl: z.string().nullable(),
  /** The owner. */
  user: userRefItem,
});
export type EmailList = z.infer<typeof emailListItem>;

export interface EmailListPage {
  items: EmailList[];
  totalItems: number;
}

/** Colors of GET /api/smart_email_lists (docs/decisions/0205-smart-email-lists.md). */
export const SmartListColor = {
  uploading: 'orange',
  empty: 'grey',
  noValid: 'red',
  ready: 'green',
} as const;

export const smartEmailListItem = z.object({
  id: z.number(),
  /** 'name (valid/total)' */
  label: z.string(),
  color: z.enum([SmartListColor.uploading, SmartListColor.empty, SmartListColor.noValid, SmartListColor.ready]),
});
export type SmartEmailList = z.infer<typeof smartEmailListItem>;

/** A row of the emails viewer. */
export const emailRowItem = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  valid: z.boolean(),
});
export type EmailRow = z.infer<typeof emailRowItem>;

/** GET /api/get-emails-list/{id}: the owner's username lets the viewer offer add/delete to that user and admins. */
export const emailsPageItem = itemsOf(emailRowItem).extend({ emailListUsername: z.string() });
export type EmailsPage = z.infer<typeof emailsPageItem>;

export interface UploadAccepted {
  message: typeof EmailListMessages.uploadAccepted;
  /** The upload's id; the list's `job` until the upload ends. */
  jobId: number;
}

export interface EmailsDeleted {
  deleted: number;
}

/** Path of the failures download of a list. */
export const failedEmailsPath = (emailListId: number) => `/api/email_lists/failed/${emailListId}`;

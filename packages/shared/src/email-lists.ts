import { z } from 'zod';
import { NAME_MAX, reference, tooLong } from './fields.ts';

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

/** POST /api/clone-email-list. `name` defaults to '<source name> (copy)'. */
export const cloneEmailListSchema = z.object({
  emailListId: strictReference(EmailListMessages.listNotFound),
  name: name.optional(),
});
export type CloneEmailList = z.infer<typeof cloneEmailListSchema>;

export interface Ref {
  id: number;
  name: string;
}

export interface UserRef {
  id: number;
  username: string;
}

export interface ProvidersCounter {
  mailProviderId: number;
  mailProviderName: string;
  counter: number;
}

/** One row of GET /api/email_lists and the body of GET/POST/PUT email_lists and clone-email-list. */
export interface EmailList {
  id: number;
  name: string;
  category: Ref;
  /** Users the list is assigned to (besides its owner). */
  users: UserRef[];
  usersCount: number;
  totalCounter: number;
  validCounter: number;
  /** Every mail provider, ordered by name; counter = e-mails of the list (valid or not) at that provider. */
  providersCounters: ProvidersCounter[];
  created_at: { date: string };
  /** The id of the running upload; null when idle. */
  job: number | null;
  completion: number;
  /** Path of the failures download of the latest upload, or null when it had none. */
  failedEmailsUrl: string | null;
  /** The owner. */
  user: UserRef;
}

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

export interface SmartEmailList {
  id: number;
  /** 'name (valid/total)' */
  label: string;
  color: (typeof SmartListColor)[keyof typeof SmartListColor];
}

/** A row of the emails viewer. */
export interface EmailRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  valid: boolean;
}

export interface EmailsPage {
  items: EmailRow[];
  totalItems: number;
  /** The owner's username: the viewer offers add/delete to that user and to administrators. */
  emailListUsername: string;
}

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

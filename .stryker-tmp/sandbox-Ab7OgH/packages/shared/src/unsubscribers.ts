// @ts-nocheck
import { z } from 'zod';
import { EMAIL_MAX } from './fields.ts';
import { refItem } from './hydra.ts';
import { reference } from './fields.ts';

/** The spec's messages verbatim (spec 2 §5), and ours where it shows none. */
export const UnsubscriberMessages = {
  categoryRequired: 'Category is required.',
  emailInvalid: 'Invalid email.',
  emailOrFile: 'Give an e-mail or choose a file.',
  duplicate: 'This address is already unsubscribed from this category.',
  added: 'Added successfully!',
  deleted: 'Deleted successfully!',
  deleteConfirm: 'Are you sure you want to delete?',
  fileShape: 'The file must hold one address per line, or a header row with an email column.',
} as const;
const M = UnsubscriberMessages;

/** The `data` of POST /api/unsubscribers: the category and, without a file, one address. */
export const unsubscriberSchema = z.object({
  category: reference(M.categoryRequired),
  email: z
    .string({ error: M.emailInvalid })
    .trim()
    .max(EMAIL_MAX, M.emailInvalid)
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.email({ pattern: z.regexes.html5Email, error: M.emailInvalid }).optional()),
});
export type UnsubscriberInput = z.infer<typeof unsubscriberSchema>;
export type UnsubscriberBody = z.input<typeof unsubscriberSchema>;

export const unsubscriberItem = z.object({
  id: z.number(),
  email: z.string(),
  category: refItem,
  createdAt: z.string(),
});
export type Unsubscriber = z.infer<typeof unsubscriberItem>;

export const UNSUBSCRIBERS_PAGE_SIZE = 30;

import type { EmailsDeleted } from '@console/shared/email-lists';
import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { emailListsKey } from './get-email-lists.ts';

/** POST /api/delete-emails-list/{emailId}, form emailListId. */
export const deleteEmail = ({ emailId, emailListId }: { emailId: number; emailListId: number }) =>
  http.post<EmailsDeleted>(`/delete-emails-list/${emailId}`, undefined, { form: { emailListId: String(emailListId) } });

/** Refreshes the e-mails and the lists (their counters change too). */
export const useDeleteEmail = mutationHook(deleteEmail, emailListsKey);

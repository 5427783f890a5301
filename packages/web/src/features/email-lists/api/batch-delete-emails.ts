import type { EmailsDeleted } from '@console/shared/email-lists';
import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { emailListsKey } from './get-email-lists.ts';

/** POST /api/batch-delete-emails, form idsToDelete ("1,2,3") and emailListId. */
export const batchDeleteEmails = ({ ids, emailListId }: { ids: number[]; emailListId: number }) =>
  http.post<EmailsDeleted>('/batch-delete-emails', undefined, {
    form: { idsToDelete: ids.join(','), emailListId: String(emailListId) },
  });

export const useBatchDeleteEmails = mutationHook(batchDeleteEmails, emailListsKey);

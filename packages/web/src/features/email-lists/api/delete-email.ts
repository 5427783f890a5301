import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailsDeleted } from '@console/shared/email-lists';
import { http } from '@/lib/http.ts';
import { emailListsKey } from './get-email-lists.ts';

/** POST /api/delete-emails-list/{emailId}, form emailListId. */
export const deleteEmail = ({ emailId, emailListId }: { emailId: number; emailListId: number }) =>
  http.post<EmailsDeleted>(`/delete-emails-list/${emailId}`, undefined, { form: { emailListId: String(emailListId) } });

/** Refreshes the e-mails and the lists (their counters change too). */
export function useDeleteEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteEmail,
    onSuccess: () => client.invalidateQueries({ queryKey: emailListsKey }),
  });
}

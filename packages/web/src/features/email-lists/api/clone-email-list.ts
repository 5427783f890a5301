import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailList } from '@console/shared/email-lists';
import { http } from '@/lib/http.ts';
import { emailListsKey } from './get-email-lists.ts';

/** POST /api/clone-email-list {emailListId} (201 with the copy, named '<name> (copy)'). */
export const cloneEmailList = (emailListId: number) => http.post<EmailList>('/clone-email-list', { emailListId });

export function useCloneEmailList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cloneEmailList,
    onSuccess: () => client.invalidateQueries({ queryKey: emailListsKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailList } from '@console/shared/email-lists';
import { http } from '@/lib/http.ts';
import { emailListsKey } from './get-email-lists.ts';

/** The body of POST /api/email_lists and PUT /api/email_lists/{id}: ids for category and users. */
export interface EmailListBody {
  name: string;
  category: number;
  /** Users the list is assigned to; left out on create (the spec's form shows them when editing). */
  users?: number[];
}

/** POST /api/email_lists (administrators; 201 with the list). */
export const createEmailList = (body: EmailListBody) => http.post<EmailList>('/email_lists', body);

export function useCreateEmailList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createEmailList,
    onSuccess: () => client.invalidateQueries({ queryKey: emailListsKey }),
  });
}

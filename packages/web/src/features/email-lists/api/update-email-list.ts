import type { EmailList } from '@console/shared/email-lists';
import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import type { EmailListBody } from './create-email-list.ts';
import { emailListsKey } from './get-email-lists.ts';

/** PUT /api/email_lists/{id}: name, category and the assigned users (administrators). */
export const updateEmailList = ({ id, ...body }: EmailListBody & { id: number }) =>
  http.put<EmailList>(`/email_lists/${id}`, body);

export const useUpdateEmailList = mutationHook(updateEmailList, emailListsKey);

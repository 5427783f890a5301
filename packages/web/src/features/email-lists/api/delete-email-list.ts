import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { emailListsKey } from './get-email-lists.ts';

/** DELETE /api/email_lists/{id} (204): the list and its e-mails. */
export const deleteEmailList = (id: number) => http.delete(`/email_lists/${id}`);

export const useDeleteEmailList = mutationHook(deleteEmailList, emailListsKey);

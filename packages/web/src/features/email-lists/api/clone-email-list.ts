import type { CloneEmailList, EmailList } from '@console/shared/email-lists';
import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { emailListsKey } from './get-email-lists.ts';

/** POST /api/clone-email-list {emailListId} (201 with the copy, named '<name> (copy)'). */
export const cloneEmailList = (emailListId: number) =>
  http.post<EmailList>('/clone-email-list', { emailListId } satisfies CloneEmailList);

export const useCloneEmailList = mutationHook(cloneEmailList, emailListsKey);

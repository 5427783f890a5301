import type { EmailList, EmailListBody } from '@console/shared/email-lists';
import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { emailListsKey } from './get-email-lists.ts';

/** The body of POST /api/email_lists and PUT /api/email_lists/{id}: the shared schema's input. */
export type { EmailListBody };

/** POST /api/email_lists (administrators; 201 with the list). */
export const createEmailList = (body: EmailListBody) => http.post<EmailList>('/email_lists', body);

export const useCreateEmailList = mutationHook(createEmailList, emailListsKey);

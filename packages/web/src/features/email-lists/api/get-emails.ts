import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EmailsPage } from '@console/shared/email-lists';
import { http, type Query } from '@/lib/http.ts';
import { emailListsKey } from './get-email-lists.ts';

export const emailsKey = (emailListId: number) => [...emailListsKey, 'emails', emailListId] as const;

/** GET /api/get-emails-list/{id} with _page, itemsPerPage and email: {items, totalItems, emailListUsername}. */
export const getEmails = (emailListId: number, query: Query) =>
  http.get<EmailsPage>(`/get-emails-list/${emailListId}`, { query });

export const useEmails = (emailListId: number, query: Query) =>
  useQuery({
    queryKey: [...emailsKey(emailListId), query],
    queryFn: () => getEmails(emailListId, query),
    placeholderData: keepPreviousData,
    enabled: emailListId > 0,
  });

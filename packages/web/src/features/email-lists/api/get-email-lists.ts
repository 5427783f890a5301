import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EmailListPage } from '@console/shared/email-lists';
import { http, type Query } from '@/lib/http.ts';

/** Every email-list query (lists, one list, its e-mails) lives under this key. */
export const emailListsKey = ['email-lists'] as const;
export const emailListPagesKey = [...emailListsKey, 'list'] as const;

/** GET /api/email_lists with _page, itemsPerPage, name and category: {items, totalItems}. */
export const getEmailLists = (query: Query) => http.get<EmailListPage>('/email_lists', { query });

export const useEmailLists = (query: Query) =>
  useQuery({
    queryKey: [...emailListPagesKey, query],
    queryFn: () => getEmailLists(query),
    placeholderData: keepPreviousData,
  });

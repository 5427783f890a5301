// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { BouncedEmail } from '@console/shared/bounced-emails';
import { http, type Query } from '@/lib/http.ts';

export const bouncedEmailsKey = ['bounced_emails'] as const;

/** GET /api/bounced_emails: `email.email` (contains), `reason`, paging and `order[...]`. */
export const getBouncedEmails = (query: Query) => http.get<HydraCollection<BouncedEmail>>('/bounced_emails', { query });

export const useBouncedEmails = (query: Query) =>
  useQuery({
    queryKey: [...bouncedEmailsKey, 'list', query],
    queryFn: () => getBouncedEmails(query),
    placeholderData: keepPreviousData,
  });

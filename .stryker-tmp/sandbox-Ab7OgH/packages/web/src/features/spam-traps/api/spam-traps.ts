// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { SpamDomain, SpamEmail, SpamMx } from '@console/shared/spam-traps';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const spamDomainsKey = ['mail_provider_domains'] as const;
export const spamEmailsKey = ['spam_emails'] as const;
export const spamMxsKey = ['dns_records'] as const;

export const useSpamDomains = (query: Query) =>
  useQuery({
    queryKey: [...spamDomainsKey, 'list', query],
    queryFn: () =>
      http.get<HydraCollection<SpamDomain>>('/mail_provider_domains', { query: { ...query, isBlacklisted: '1' } }),
    placeholderData: keepPreviousData,
  });
export const useSpamEmails = (query: Query) =>
  useQuery({
    queryKey: [...spamEmailsKey, 'list', query],
    queryFn: () => http.get<HydraCollection<SpamEmail>>('/spam_emails', { query }),
    placeholderData: keepPreviousData,
  });

// Every list's valid count changes with them.
export const useSpamDomain = (id: number | undefined) =>
  useQuery({
    queryKey: [...spamDomainsKey, 'detail', id],
    queryFn: () => http.get<SpamDomain>(`/mail_provider_domains/${id}`),
    enabled: id !== undefined,
  });
/** Add (POST add-spam-domain) or rename (PUT mail_provider_domains/{id}). */
export const useSaveSpamDomain = mutationHook(
  ({ id, domain }: { id?: number; domain: string }) =>
    id
      ? http.put<SpamDomain>(`/mail_provider_domains/${id}`, { domain })
      : http.post<SpamDomain>('/add-spam-domain', { domain }),
  spamDomainsKey,
  ['email_lists'],
);
export const useRemoveSpamDomain = mutationHook(
  (domainId: number) => http.post<void>('/remove-spam-domain', { domainId }),
  spamDomainsKey,
  ['email_lists'],
);
export const useSpamEmail = (id: number | undefined) =>
  useQuery({
    queryKey: [...spamEmailsKey, 'detail', id],
    queryFn: () => http.get<SpamEmail>(`/spam_emails/${id}`),
    enabled: id !== undefined,
  });
/** Add (POST add-spam-email) or edit (PUT spam_emails/{id}). */
export const useSaveSpamEmail = mutationHook(
  ({ id, ...body }: { id?: number; email: string; info?: string }) =>
    id ? http.put<SpamEmail>(`/spam_emails/${id}`, body) : http.post<SpamEmail>('/add-spam-email', body),
  spamEmailsKey,
  ['email_lists'],
);
export const useRemoveSpamEmail = mutationHook(
  (emailId: number) => http.post<void>('/remove-spam-email', { emailId }),
  spamEmailsKey,
  ['email_lists'],
);

export const useSpamMxs = (query: Query) =>
  useQuery({
    queryKey: [...spamMxsKey, 'list', query],
    queryFn: () =>
      http.get<HydraCollection<SpamMx>>('/dns_records', { query: { ...query, type: 'MX', isBlacklisted: '1' } }),
    placeholderData: keepPreviousData,
  });
export const useAddSpamMx = mutationHook((v: { mx: string }) => http.post<SpamMx>('/add-spam-mx', v), spamMxsKey, [
  'email_lists',
]);
export const useRemoveSpamMx = mutationHook(
  (recordId: number) => http.post<{ success: boolean }>('/remove-spam-mx', { recordId }),
  spamMxsKey,
  ['email_lists'],
);

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
export const useAddSpamDomain = mutationHook(
  (v: { domain: string }) => http.post<SpamDomain>('/add-spam-domain', v),
  spamDomainsKey,
  ['email_lists'],
);
export const useRemoveSpamDomain = mutationHook(
  (domainId: number) => http.post<void>('/remove-spam-domain', { domainId }),
  spamDomainsKey,
  ['email_lists'],
);
export const useAddSpamEmail = mutationHook(
  (v: { email: string; info?: string }) => http.post<SpamEmail>('/add-spam-email', v),
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

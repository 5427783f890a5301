import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { SmtpRelay, SmtpRelayCreateBody, SmtpRelayUpdateBody } from '@console/shared/smtp-relays';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';
import { relaysKey } from '@/lib/relays.ts';

export const smtpRelaysKey = relaysKey('smtp');

/** GET /api/smtp_relays with the list's filters, `order[field]` and paging. */
export const getSmtpRelays = (query: Query) => http.get<HydraCollection<SmtpRelay>>('/smtp_relays', { query });
export const useSmtpRelays = (query: Query) =>
  useQuery({
    queryKey: [...smtpRelaysKey, 'list', query],
    queryFn: () => getSmtpRelays(query),
    placeholderData: keepPreviousData,
  });

export const useSmtpRelay = (id: number | undefined) =>
  useQuery({
    queryKey: [...smtpRelaysKey, 'detail', id],
    queryFn: () => http.get<SmtpRelay>(`/smtp_relays/${id}`),
    enabled: id !== undefined,
  });

const create = (body: SmtpRelayCreateBody) => http.post<SmtpRelay>('/smtp_relays', body);
const update = ({ id, body }: { id: number; body: SmtpRelayUpdateBody }) =>
  http.put<SmtpRelay>(`/smtp_relays/${id}`, body);
const remove = (id: number) => http.delete<void>(`/smtp_relays/${id}`);

export const useCreateSmtpRelay = mutationHook(create, smtpRelaysKey);
export const useUpdateSmtpRelay = mutationHook(update, smtpRelaysKey);
export const useDeleteSmtpRelay = mutationHook(remove, smtpRelaysKey);

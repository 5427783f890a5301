import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { SmtpServer, SmtpServerBody } from '@console/shared/smtp-servers';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const smtpServersKey = ['smtp_servers'] as const;

/** GET /api/smtp_servers with _page, itemsPerPage, serverName, user.id. */
export const useSmtpServers = (query: Query) =>
  useQuery({
    queryKey: [...smtpServersKey, 'list', query],
    queryFn: () => http.get<HydraCollection<SmtpServer>>('/smtp_servers', { query }),
    placeholderData: keepPreviousData,
  });

export const useSmtpServer = (id: number | undefined) =>
  useQuery({
    queryKey: [...smtpServersKey, 'detail', id],
    queryFn: () => http.get<SmtpServer>(`/smtp_servers/${id}`),
    enabled: id !== undefined,
  });

const save = ({ id, body }: { id?: number; body: SmtpServerBody }) =>
  id ? http.put<SmtpServer>(`/smtp_servers/${id}`, body) : http.post<SmtpServer>('/smtp_servers', body);
/** DELETE /api/smtp_servers/{id} (204): the server and its relays. */
const remove = (id: number) => http.delete<void>(`/smtp_servers/${id}`);

export const useSaveSmtpServer = mutationHook(save, smtpServersKey);
export const useDeleteSmtpServer = mutationHook(remove, smtpServersKey, ['smtp_relays']);

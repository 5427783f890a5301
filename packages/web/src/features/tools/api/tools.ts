import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AddressHistory,
  DomainHistoryBody,
  EmailIdDecodeBody,
  EmailIdEncodeBody,
  EmailIdItem,
  HistoryRow,
  IpHistoryBody,
  LogEntries,
  LogEntriesBody,
  UuidDecodeBody,
  UuidDecoded,
  UuidEncodeBody,
} from '@console/shared/tools';
import { http } from '@/lib/http.ts';

/* The tools' calls (spec 3 §7 "Tools"): each form is one mutation, so a second press asks again. */

const post =
  <B, R>(path: string) =>
  (body: B) =>
    http.post<R>(path, body);

export const useDecodeUuid = () => useMutation({ mutationFn: post<UuidDecodeBody, UuidDecoded>('/uuid-decode') });
export const useEncodeUuid = () =>
  useMutation({ mutationFn: post<UuidEncodeBody, { encoded: string }>('/uuid-encode') });
export const useDecodeEmailId = () =>
  useMutation({ mutationFn: post<EmailIdDecodeBody, { decoded: EmailIdItem }>('/email-id-decode') });
export const useEncodeEmail = () =>
  useMutation({
    mutationFn: post<EmailIdEncodeBody, { encoded: EmailIdItem[]; history: AddressHistory }>('/email-id-encode'),
  });
export const useIpHistory = () =>
  useMutation({ mutationFn: post<IpHistoryBody, { history: HistoryRow[] }>('/ip-history') });
export const useDomainHistory = () =>
  useMutation({ mutationFn: post<DomainHistoryBody, { history: HistoryRow[] }>('/domain-history') });
export const useLogEntries = () => useMutation({ mutationFn: post<LogEntriesBody, LogEntries>('/log-entries') });

/** GET /api/log-sources: the sources the log holds lines of. */
export const useLogSources = () =>
  useQuery({
    queryKey: ['tools', 'log-sources'],
    queryFn: () => http.get<{ sources: string[] }>('/log-sources', { errorPage: false }),
    select: (r) => r.sources.map((s) => ({ value: s, label: s })),
  });

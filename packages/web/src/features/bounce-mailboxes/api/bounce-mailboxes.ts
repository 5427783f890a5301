import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type {
  BounceMailbox,
  BounceMailboxCreateBody,
  BounceMailboxUpdateBody,
  BounceReport,
  BounceReportDetail,
} from '@console/shared/bounce-mailboxes';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const bounceMailboxesKey = ['bounce_mailboxes'] as const;
export const bounceReportsKey = ['bounce_reports'] as const;

/** GET /api/bounce_mailboxes; refreshed while shown (a check moves the counts). */
export const useBounceMailboxes = (query: Query) =>
  useQuery({
    queryKey: [...bounceMailboxesKey, 'list', query],
    queryFn: () => http.get<HydraCollection<BounceMailbox>>('/bounce_mailboxes', { query }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export const useBounceMailbox = (id: number | undefined) =>
  useQuery({
    queryKey: [...bounceMailboxesKey, 'detail', id],
    queryFn: () => http.get<BounceMailbox>(`/bounce_mailboxes/${id}`),
    enabled: id !== undefined,
  });

export const useBounceReports = (query: Query) =>
  useQuery({
    queryKey: [...bounceReportsKey, 'list', query],
    queryFn: () => http.get<HydraCollection<BounceReport>>('/bounce_reports', { query }),
    placeholderData: keepPreviousData,
  });

export const useBounceReport = (id: number | undefined) =>
  useQuery({
    queryKey: [...bounceReportsKey, 'detail', id],
    queryFn: () => http.get<BounceReportDetail>(`/bounce_reports/${id}`),
    enabled: id !== undefined,
  });

const save = ({ id, body }: { id?: number; body: BounceMailboxCreateBody | BounceMailboxUpdateBody }) =>
  id ? http.put<BounceMailbox>(`/bounce_mailboxes/${id}`, body) : http.post<BounceMailbox>('/bounce_mailboxes', body);
const remove = (id: number) => http.delete<void>(`/bounce_mailboxes/${id}`);
const check = (id: number) => http.post<{ message: string }>(`/bounce_mailboxes/${id}/check`, {});

export const useSaveBounceMailbox = mutationHook(save, bounceMailboxesKey);
export const useDeleteBounceMailbox = mutationHook(remove, bounceMailboxesKey, ['bounce_reports']);
export const useCheckBounceMailbox = mutationHook(check, bounceMailboxesKey);

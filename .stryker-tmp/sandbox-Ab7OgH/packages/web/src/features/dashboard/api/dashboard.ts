// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RelaysCountRow, SpeedDetailed, SpeedOverall } from '@console/shared/dashboard';
import { http } from '@/lib/http.ts';

/** Every dashboard query lives under this key (the live refresh invalidates it whole). */
export const dashboardDataKey = ['dashboard', 'data'] as const;

/** A fallback for when the live stream is down: the dashboard reloads at least this often. */
export const DASHBOARD_REFETCH_MS = 60_000;

const options = { refetchInterval: DASHBOARD_REFETCH_MS, placeholderData: keepPreviousData } as const;

/** POST /api/dashboard/speed {type: 'overall', userId}: the last 24 hours, hour by hour. */
export const useOverallSpeed = (userId: number | undefined) =>
  useQuery({
    queryKey: [...dashboardDataKey, 'speed', 'overall', userId ?? null],
    queryFn: () => http.post<SpeedOverall>('/dashboard/speed', { type: 'overall', userId }),
    ...options,
  });

/** POST /api/dashboard/speed {type: 'detailed', userId}: the same per mail provider. */
export const useDetailedSpeed = (userId: number | undefined) =>
  useQuery({
    queryKey: [...dashboardDataKey, 'speed', 'detailed', userId ?? null],
    queryFn: () => http.post<SpeedDetailed>('/dashboard/speed', { type: 'detailed', userId }),
    ...options,
  });

/** POST /api/dashboard/pmta-relays-count {userId}: the relay groups table. */
export const useRelaysCount = (userId: number | undefined) =>
  useQuery({
    queryKey: [...dashboardDataKey, 'pmta-relays-count', userId ?? null],
    queryFn: () => http.post<{ data: RelaysCountRow[] }>('/dashboard/pmta-relays-count', { userId }),
    ...options,
  });

const RESYNC_MS = 5 * 60_000;

/** GET /api/dashboard/date-time: `serverDateTime`, ISO 8601 with the server's offset. */
export const getServerDateTime = () =>
  http.get<{ serverDateTime: string }>('/dashboard/date-time', { errorPage: false });

/** Re-read every few minutes; the header ticks locally in between. */
export const useServerDateTime = () =>
  useQuery({
    queryKey: ['dashboard', 'date-time'],
    queryFn: async () => ({ ...(await getServerDateTime()), receivedAt: performance.now() }),
    refetchInterval: RESYNC_MS,
    staleTime: RESYNC_MS,
  });

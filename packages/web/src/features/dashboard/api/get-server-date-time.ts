import { useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

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

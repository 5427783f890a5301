import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HomeProfit } from '@console/shared/home';
import { http } from '@/lib/http.ts';

export const homeProfitKey = ['home', 'profit'] as const;

/** POST /api/home/profit {userId}: this and last month, week and day, and the daily dynamic. */
export const useHomeProfit = (userId: number | undefined) =>
  useQuery({
    queryKey: [...homeProfitKey, userId ?? null],
    queryFn: () => http.post<HomeProfit>('/home/profit', { userId }),
    placeholderData: keepPreviousData,
  });

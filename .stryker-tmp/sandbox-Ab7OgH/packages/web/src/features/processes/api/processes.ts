// @ts-nocheck
import { useQuery } from '@tanstack/react-query';
import type { ProcessItem } from '@console/shared/processes';
import { http } from '@/lib/http.ts';

export const processesKey = ['processes'] as const;

/** Every process's last beat; refreshed every 5 s (the beat's period). */
export const useProcesses = () =>
  useQuery({
    queryKey: [...processesKey, 'list'],
    queryFn: () => http.get<{ items: ProcessItem[]; totalItems: number }>('/processes'),
    refetchInterval: 5_000,
  });

// @ts-nocheck
import { useQuery } from '@tanstack/react-query';
import type { RetentionAnswer, RetentionSettingsInput } from '@console/shared/retention';
import { http } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const retentionKey = ['retention'] as const;

/** The settings and the archives; refreshed every 10 s while a run may be going on. */
export const useRetention = () =>
  useQuery({
    queryKey: retentionKey,
    queryFn: () => http.get<RetentionAnswer>('/retention'),
    refetchInterval: 10_000,
  });

const save = (body: RetentionSettingsInput) => http.put<RetentionAnswer>('/retention', body);
const run = () => http.post<{ message: string }>('/retention/run', {});

export const useSaveRetention = mutationHook(save, retentionKey);
export const useRunRetention = mutationHook(run, retentionKey);

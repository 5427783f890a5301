import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** DELETE /api/processes/{id}: the row of a process not responding (decision 1341). */
export function useRemoveProcess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete(`/processes/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: processesKey }),
  });
}

// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { Unsubscriber } from '@console/shared/unsubscribers';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const unsubscribersKey = ['unsubscribers'] as const;

export const useUnsubscribers = (query: Query) =>
  useQuery({
    queryKey: [...unsubscribersKey, 'list', query],
    queryFn: () => http.get<HydraCollection<Unsubscriber>>('/unsubscribers', { query }),
    placeholderData: keepPreviousData,
  });

/** POST /api/unsubscribers as the spec sends it: multipart `data` (JSON of category and email). */
const add = (data: { category: number; email: string }) => {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  return http.post<Unsubscriber>('/unsubscribers', undefined, { body: form });
};
const remove = (id: number) => http.delete<void>(`/unsubscribers/${id}`);

// The lists' valid counts change with them.
export const useAddUnsubscriber = mutationHook(add, unsubscribersKey, ['email_lists']);
export const useDeleteUnsubscriber = mutationHook(remove, unsubscribersKey, ['email_lists']);

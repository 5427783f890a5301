// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { Tag, TagBody } from '@console/shared/tags';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const tagsKey = ['tags'] as const;

export const useTags = (query: Query) =>
  useQuery({
    queryKey: [...tagsKey, 'list', query],
    queryFn: () => http.get<HydraCollection<Tag>>('/tags', { query }),
    placeholderData: keepPreviousData,
  });

export const useTag = (id: number | undefined) =>
  useQuery({
    queryKey: [...tagsKey, 'detail', id],
    queryFn: () => http.get<Tag>(`/tags/${id}`),
    enabled: id !== undefined,
  });

const save = ({ id, body }: { id?: number; body: TagBody }) =>
  id ? http.put<Tag>(`/tags/${id}`, body) : http.post<Tag>('/tags', body);
const remove = (id: number) => http.delete<void>(`/tags/${id}`);

export const useSaveTag = mutationHook(save, tagsKey);
export const useDeleteTag = mutationHook(remove, tagsKey);

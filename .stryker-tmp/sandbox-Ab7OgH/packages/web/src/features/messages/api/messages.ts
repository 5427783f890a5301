// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { Message, MessageBody, MessageListRow, PreviewAnswer } from '@console/shared/messages';
import type { GlobalMacro } from '@console/shared/tags';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const messagesKey = ['messages'] as const;

export const useMessages = (query: Query) =>
  useQuery({
    queryKey: [...messagesKey, 'list', query],
    queryFn: () => http.get<HydraCollection<MessageListRow>>('/messages', { query }),
    placeholderData: keepPreviousData,
  });

export const useMessage = (id: number | undefined) =>
  useQuery({
    queryKey: [...messagesKey, 'detail', id],
    queryFn: () => http.get<Message>(`/messages/${id}`),
    enabled: id !== undefined,
  });

const save = ({ id, body }: { id?: number; body: MessageBody }) =>
  id ? http.put<Message>(`/messages/${id}`, body) : http.post<Message>('/messages', body);
const archive = (id: number) => http.post<Message>(`/messages/archive/${id}`);

export const useSaveMessage = mutationHook(save, messagesKey);
export const useArchiveMessage = mutationHook(archive, messagesKey);

export interface PreviewFields {
  id?: number;
  name?: string;
  subject?: string;
  content?: string;
  text?: string;
}
/** POST /api/messages/preview as the spec sends it: multipart form fields. */
export function previewMessage(fields: PreviewFields) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
  return http.post<PreviewAnswer>('/messages/preview', undefined, { body: form });
}

/** The static tags, kept in localStorage under this key (spec 3) and refreshed once per visit. */
export const GLOBAL_MACROS_KEY = 'globalMacros';
function storedMacros(): GlobalMacro[] | undefined {
  try {
    const v = JSON.parse(localStorage.getItem(GLOBAL_MACROS_KEY) ?? 'null') as unknown;
    return Array.isArray(v) ? (v as GlobalMacro[]) : undefined;
  } catch {
    return undefined;
  }
}
export const useGlobalMacros = () =>
  useQuery({
    queryKey: ['global_macros'],
    queryFn: async () => {
      const macros = await http.get<GlobalMacro[]>('/global_macros');
      localStorage.setItem(GLOBAL_MACROS_KEY, JSON.stringify(macros));
      return macros;
    },
    initialData: storedMacros,
    initialDataUpdatedAt: 0,
    staleTime: Infinity,
  });

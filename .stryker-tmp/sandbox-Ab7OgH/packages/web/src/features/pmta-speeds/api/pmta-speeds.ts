// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { PmtaSpeed, PmtaSpeedUpdateBody, PmtaSpeedsAnswer } from '@console/shared/pmta-speeds';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const pmtaSpeedsKey = ['pmta_speeds'] as const;

export const getPmtaSpeeds = (query: Query) => http.get<HydraCollection<PmtaSpeed>>('/pmta_speeds', { query });

export const usePmtaSpeeds = (query: Query) =>
  useQuery({
    queryKey: [...pmtaSpeedsKey, 'list', query],
    queryFn: () => getPmtaSpeeds(query),
    placeholderData: keepPreviousData,
  });

export const usePmtaSpeed = (id: number | undefined) =>
  useQuery({
    queryKey: [...pmtaSpeedsKey, 'detail', id],
    queryFn: () => http.get<PmtaSpeed>(`/pmta_speeds/${id}`),
    enabled: id !== undefined,
  });

/** The create form as the spec sends it: form fields pmtaRelays (comma-separated ids), mailProvider, speed. */
export interface SpeedCreateForm {
  pmtaRelays: number[];
  mailProvider?: number;
  speed?: number | null;
}
const createSpeeds = (v: SpeedCreateForm) =>
  http.post<HydraCollection<PmtaSpeed>>('/pmta_speed/create', undefined, {
    form: {
      pmtaRelays: (v.pmtaRelays ?? []).join(','),
      mailProvider: v.mailProvider === undefined ? '' : String(v.mailProvider),
      speed: v.speed === undefined || v.speed === null ? '' : String(v.speed),
    },
  });
const updateSpeed = ({ id, body }: { id: number; body: PmtaSpeedUpdateBody }) =>
  http.put<PmtaSpeed>(`/pmta_speeds/${id}`, body);
/** Delete and Sync of several speeds: form field pmtaSpeedsIds. */
const onSpeeds = (op: 'delete' | 'sync') => (ids: number[]) =>
  http.post<PmtaSpeedsAnswer>(`/pmta_speed/${op}`, undefined, { form: { pmtaSpeedsIds: ids.join(',') } });

export const useCreatePmtaSpeeds = mutationHook(createSpeeds, pmtaSpeedsKey);
export const useUpdatePmtaSpeed = mutationHook(updateSpeed, pmtaSpeedsKey);
export const useDeletePmtaSpeeds = mutationHook(onSpeeds('delete'), pmtaSpeedsKey);
export const useSyncPmtaSpeeds = mutationHook(onSpeeds('sync'), pmtaSpeedsKey);

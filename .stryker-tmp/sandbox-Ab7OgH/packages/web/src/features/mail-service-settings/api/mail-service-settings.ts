// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { MailServiceSetting, MailServiceSettingBody } from '@console/shared/mail-service-settings';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const mailServiceSettingsKey = ['mail_service_settings'] as const;

export const useMailServiceSettings = (query: Query) =>
  useQuery({
    queryKey: [...mailServiceSettingsKey, 'list', query],
    queryFn: () => http.get<HydraCollection<MailServiceSetting>>('/mail_service_settings', { query }),
    placeholderData: keepPreviousData,
  });

export const useMailServiceSetting = (id: number | undefined) =>
  useQuery({
    queryKey: [...mailServiceSettingsKey, 'detail', id],
    queryFn: () => http.get<MailServiceSetting>(`/mail_service_settings/${id}`),
    enabled: id !== undefined,
  });

/** The PowerMTA blocks the saved setting becomes. */
export const usePmtaConfig = (id: number | undefined) =>
  useQuery({
    queryKey: [...mailServiceSettingsKey, 'pmta_config', id],
    queryFn: () => http.get<{ domains: string[]; config: string }>(`/mail_service_settings/${id}/pmta_config`),
    enabled: id !== undefined,
  });

const save = ({ id, body }: { id?: number; body: MailServiceSettingBody }) =>
  id
    ? http.put<MailServiceSetting>(`/mail_service_settings/${id}`, body)
    : http.post<MailServiceSetting>('/mail_service_settings', body);
const remove = (id: number) => http.delete<void>(`/mail_service_settings/${id}`);

export const useSaveMailServiceSetting = mutationHook(save, mailServiceSettingsKey);
export const useDeleteMailServiceSetting = mutationHook(remove, mailServiceSettingsKey);

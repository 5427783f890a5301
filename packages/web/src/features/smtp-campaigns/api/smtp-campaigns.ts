import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { CampaignProgressEvent, CampaignStatisticsEvent } from '@console/shared/hub';
import type { PreviewAnswer } from '@console/shared/messages';
import type { SmartEmailList } from '@console/shared/email-lists';
import {
  FINISHED_STATUSES,
  type StatisticsAnswer,
  type SmtpCampaign,
  type SmtpCampaignBody,
  type StatisticsKinds,
} from '@console/shared/campaigns';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

export const smtpCampaignsKey = ['smtp_campaigns'] as const;
const statisticsKey = ['smtp_campaign_statistics'] as const;

/** GET /api/smtp_campaigns: _page, itemsPerPage, order[id]=desc, name, user.id, status[] (spec 3 §7). */
export const useSmtpCampaigns = (query: Query, enabled = true) =>
  useQuery({
    queryKey: [...smtpCampaignsKey, 'list', query],
    queryFn: () =>
      http.get<HydraCollection<SmtpCampaign>>('/smtp_campaigns', { query: { 'order[id]': 'desc', ...query } }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useSmtpCampaign = (id: number | undefined, opts: { errorPage?: boolean } = {}) =>
  useQuery({
    queryKey: [...smtpCampaignsKey, 'detail', id],
    queryFn: () => http.get<SmtpCampaign>(`/smtp_campaigns/${id}`, opts),
    enabled: id !== undefined,
  });

const save = ({ id, body }: { id?: number; body: SmtpCampaignBody }) =>
  id ? http.put<SmtpCampaign>(`/smtp_campaigns/${id}`, body) : http.post<SmtpCampaign>('/smtp_campaigns', body);
export const useSaveSmtpCampaign = mutationHook(save, smtpCampaignsKey);

export type CampaignAction = 'start' | 'pause' | 'stop';
export interface ActionAnswer {
  success: boolean;
  message: string;
}
/** POST /api/campaign_start | campaign_pause | campaign_stop with {id, type: 'smtp'}. */
export const campaignAction = ({ action, id }: { action: CampaignAction; id: number }) =>
  http.post<ActionAnswer>(`/campaign_${action}`, { id, type: 'smtp' });
export const useCampaignAction = mutationHook(campaignAction, smtpCampaignsKey, statisticsKey);

const preview = (fields: Record<string, string | number>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  return http.post<PreviewAnswer>('/messages/preview', undefined, { body: form });
};
/** The campaign's message rendered with its sender and links (POST /api/messages/preview, multipart). */
export const previewCampaignMessage = (messageId: number, campaignId: number) =>
  preview({ id: messageId, campaignId, campaignType: 'smtp' });

type Kind = (typeof StatisticsKinds)[number];
export const useCampaignStatistics = (id: number | undefined, kind: Kind, providerId = 0, enabled = true) =>
  useQuery({
    queryKey: [...statisticsKey, id, kind, providerId],
    queryFn: () => http.get<StatisticsAnswer>(`/smtp_campaign_statistics/${id}/${kind}/${providerId}`),
    enabled: enabled && id !== undefined,
  });

const isFinished = (status: number) => (FINISHED_STATUSES as number[]).includes(status);

/**
 * Applies a live progress message to every cached page and detail of SMTP campaigns: status, start date
 * and completion change in place; a row that leaves or enters 'finished' refetches the lists, so it moves
 * to the other section.
 */
export function useApplyProgress() {
  const client = useQueryClient();
  return (e: CampaignProgressEvent) => {
    if (e.campaignType !== 'smtp') return;
    let moved = false;
    const patch = (c: SmtpCampaign): SmtpCampaign => {
      if (c.id !== e.campaignId) return c;
      if (isFinished(c.status) !== isFinished(e.campaign.status)) moved = true;
      return { ...c, status: e.campaign.status, startDate: e.campaign.startDate, completion: e.completion };
    };
    client.setQueriesData<HydraCollection<SmtpCampaign>>({ queryKey: [...smtpCampaignsKey, 'list'] }, (page) =>
      page ? { ...page, 'hydra:member': page['hydra:member'].map(patch) } : page,
    );
    client.setQueryData<SmtpCampaign>([...smtpCampaignsKey, 'detail', e.campaignId], (c) => c && patch(c));
    if (moved) void client.invalidateQueries({ queryKey: [...smtpCampaignsKey, 'list'] });
  };
}

/** The e-mail lists for the form: `label` is 'name (valid/total)'. */
export const useSmartLists = () =>
  useQuery({
    queryKey: ['email_lists', 'smart'],
    queryFn: () => http.get<HydraCollection<SmartEmailList>>('/smart_email_lists'),
    select: (c) => c['hydra:member'],
    staleTime: 30_000,
  });

/** Applies a live statistics message to the campaign's cached overall numbers (sent = delivered, totalToSend = total). */
export function useApplyStatistics(id: number | undefined) {
  const client = useQueryClient();
  return (e: CampaignStatisticsEvent) => {
    if (e.campaignType !== 'smtp' || e.campaignId !== id) return;
    client.setQueryData<StatisticsAnswer>([...statisticsKey, id, 'overall', 0], (a) =>
      a?.overallStats
        ? {
            ...a,
            overallStats: {
              ...a.overallStats,
              total: e.totalToSend,
              delivered: e.sent,
              bounced: e.bounces,
              open: e.opens,
              click: e.clicks,
              unsubscribed: e.unsubscribers,
              profit: e.profit,
            },
          }
        : a,
    );
  };
}

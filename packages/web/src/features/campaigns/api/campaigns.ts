import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { CampaignProgressEvent, CampaignStatisticsEvent } from '@console/shared/hub';
import type { PreviewAnswer } from '@console/shared/messages';
import type { SmartEmailList } from '@console/shared/email-lists';
import { CampaignStatus } from '@console/shared/enums';
import { CampaignTypeOf } from '@console/shared/enums';
import { FINISHED_STATUSES, type CampaignItem, type CampaignTypeName } from '@console/shared/campaigns';
import type { PmtaStatisticsAnswer, PmtaStatisticsKinds } from '@console/shared/pmta-campaigns';
import { http, type Query } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';
import type { RouteName } from '@/lib/routes.ts';

/*
 * What both campaign kinds' screens share (spec 3): their calls, cache keys, live updates, route names and
 * formats, by kind ('smtp' | 'pmta'). The SMTP and PMTA features hold only what differs.
 */

export type CampaignKind = CampaignTypeName;

/** The kind's name in titles, its routes by role. */
export const CampaignKinds = {
  smtp: {
    label: 'SMTP',
    routes: {
      list: 'smtpCampaigns',
      create: 'smtpCampaignCreate',
      edit: 'smtpCampaignEdit',
      statistics: 'smtpCampaignStatistics',
    },
  },
  pmta: {
    label: 'PMTA',
    routes: {
      list: 'pmtaCampaigns',
      create: 'pmtaCampaignCreate',
      edit: 'pmtaCampaignEdit',
      statistics: 'pmtaCampaignStatistics',
    },
  },
} as const satisfies Record<
  CampaignKind,
  { label: string; routes: Record<'list' | 'create' | 'edit' | 'statistics', RouteName> }
>;

/** The query keys of a kind's lists and details, and of its statistics. */
export const campaignsKey = (kind: CampaignKind) => [`${kind}_campaigns`] as const;
const statisticsKey = (kind: CampaignKind) => [`${kind}_campaign_statistics`] as const;

/** GET /api/{kind}_campaigns: _page, itemsPerPage, order[id]=desc, name, user.id, status[] (spec 3 §7). */
export const useCampaigns = <C extends CampaignItem = CampaignItem>(kind: CampaignKind, query: Query, enabled = true) =>
  useQuery({
    queryKey: [...campaignsKey(kind), 'list', query],
    queryFn: () => http.get<HydraCollection<C>>(`/${kind}_campaigns`, { query: { 'order[id]': 'desc', ...query } }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useCampaign = <C extends CampaignItem = CampaignItem>(kind: CampaignKind, id: number | undefined) =>
  useQuery({
    queryKey: [...campaignsKey(kind), 'detail', id],
    queryFn: () => http.get<C>(`/${kind}_campaigns/${id}`),
    enabled: id !== undefined,
  });

const save =
  (kind: CampaignKind) =>
  ({ id, body }: { id?: number; body: object }) =>
    id ? http.put<CampaignItem>(`/${kind}_campaigns/${id}`, body) : http.post<CampaignItem>(`/${kind}_campaigns`, body);

export type CampaignAction = 'start' | 'pause' | 'stop';
export interface ActionAnswer {
  success: boolean;
  message: string;
}
/**
 * POST /api/campaign_start | campaign_pause | campaign_stop with {id, type}; a PMTA start is POST
 * /api/pmta_campaign_start with {id, type: 'pmta'} and v3 when it follows the campaign's creation.
 */
const act =
  (kind: CampaignKind) =>
  ({ action, id, created }: { action: CampaignAction; id: number; created?: boolean }) =>
    kind === 'pmta' && action === 'start'
      ? http.post<ActionAnswer>('/pmta_campaign_start', { id, type: kind, ...(created ? { v3: true } : {}) })
      : http.post<ActionAnswer>(`/campaign_${action}`, { id, type: kind });

const hooksOf = (kind: CampaignKind) => ({
  useSave: mutationHook(save(kind), campaignsKey(kind)),
  useAction: mutationHook(act(kind), campaignsKey(kind), statisticsKey(kind)),
});
/** Save (create or update) and the start, pause and stop actions of each kind. */
export const campaignHooks = { smtp: hooksOf('smtp'), pmta: hooksOf('pmta') } as const;

/** The campaign's message rendered with its sender and links (POST /api/messages/preview, multipart). */
export function previewCampaignMessage(kind: CampaignKind, messageId: number, campaignId: number) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ id: messageId, campaignId, campaignType: kind })) form.append(k, String(v));
  return http.post<PreviewAnswer>('/messages/preview', undefined, { body: form });
}

type StatisticsKind = (typeof PmtaStatisticsKinds)[number];
/** GET /api/{kind}_campaign_statistics/{id}/{kind}/{providerId} (`direct`: PMTA only). */
export const useCampaignStatistics = (
  kind: CampaignKind,
  id: number | undefined,
  stats: StatisticsKind,
  providerId = 0,
  enabled = true,
) =>
  useQuery({
    queryKey: [...statisticsKey(kind), id, stats, providerId],
    queryFn: () => http.get<PmtaStatisticsAnswer>(`/${kind}_campaign_statistics/${id}/${stats}/${providerId}`),
    enabled: enabled && id !== undefined,
  });

const isFinished = (status: number) => (FINISHED_STATUSES as number[]).includes(status);

/**
 * Applies a live progress message to every cached page and detail of the kind's campaigns: status, start
 * date and completion change in place; a row that leaves or enters 'finished' refetches the lists, so it
 * moves to the other section.
 */
export function useApplyProgress(kind: CampaignKind) {
  const client = useQueryClient();
  const key = campaignsKey(kind);
  return (e: CampaignProgressEvent) => {
    if (e.campaignType !== CampaignTypeOf[kind]) return;
    let moved = false;
    let paused = false;
    const patch = <C extends CampaignItem>(c: C): C => {
      if (c.id !== e.campaignId) return c;
      if (isFinished(c.status) !== isFinished(e.campaign.status)) moved = true;
      // Paused by the console (no relay, a complaint rate: decision 1391): the reason comes with a refetch.
      if (c.status !== e.campaign.status && e.campaign.status === CampaignStatus.Paused) paused = true;
      return { ...c, status: e.campaign.status, startDate: e.campaign.startDate, completion: e.completion };
    };
    client.setQueriesData<HydraCollection<CampaignItem>>({ queryKey: [...key, 'list'] }, (page) =>
      page ? { ...page, 'hydra:member': page['hydra:member'].map(patch) } : page,
    );
    client.setQueryData<CampaignItem>([...key, 'detail', e.campaignId], (c) => c && patch(c));
    if (moved) void client.invalidateQueries({ queryKey: [...key, 'list'] });
    if (paused) void client.invalidateQueries({ queryKey: [...key, 'detail', e.campaignId] });
  };
}

/** Applies a live statistics message to the campaign's cached overall numbers (sent = delivered, totalToSend = total). */
export function useApplyStatistics(kind: CampaignKind, id: number | undefined) {
  const client = useQueryClient();
  return (e: CampaignStatisticsEvent) => {
    if (e.campaignType !== CampaignTypeOf[kind] || e.campaignId !== id) return;
    client.setQueryData<PmtaStatisticsAnswer>([...statisticsKey(kind), id, 'overall', 0], (a) =>
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
              complaints: e.complaints,
              infraBounces: e.infraBounces,
              profit: e.profit,
            },
          }
        : a,
    );
  };
}

/** The e-mail lists for the forms: `label` is 'name (valid/total)'. */
export const useSmartLists = () =>
  useQuery({
    queryKey: ['email_lists', 'smart'],
    queryFn: () => http.get<HydraCollection<SmartEmailList>>('/smart_email_lists'),
    select: (c) => c['hydra:member'],
    staleTime: 30_000,
  });

/** Campaign dates as the spec shows them: D/M/YYYY H:mm, in UTC. */
export function campaignDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()}/${d.getUTCMonth() + 1}/${d.getUTCFullYear()} ${d.getUTCHours()}:${mm}`;
}

/** Profit is kept in cents and shown divided by 100. */
export const money = (cents: number) => (cents / 100).toFixed(2);

/** A share in percent with one decimal. */
export const percent = (part: number, whole: number) => (whole > 0 ? ((part / whole) * 100).toFixed(1) : '0.0');

/** Which actions a campaign's status offers (spec 3 §4). */
export const can = {
  edit: (status: number) => status === CampaignStatus.Inactive,
  start: (status: number) => status === CampaignStatus.Inactive || status === CampaignStatus.Paused,
  pause: (status: number) => status === CampaignStatus.Active || status === CampaignStatus.Preparing,
  stop: (status: number) => status !== CampaignStatus.Finished,
};

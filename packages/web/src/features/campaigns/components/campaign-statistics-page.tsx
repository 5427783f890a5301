import { useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link, Navigate } from 'react-router';
import { TOP_DOMAINS, type ProviderStats } from '@console/shared/campaigns';
import { Topics } from '@console/shared/hub';
import { CampaignStatus } from '@console/shared/enums';
import { Page } from '@/components/page.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import {
  CampaignKinds,
  useApplyProgress,
  useApplyStatistics,
  useCampaign,
  useCampaignStatistics,
  type CampaignKind,
} from '../api/campaigns.ts';
import { dayjs } from '@/lib/dayjs.ts';
import { useLiveEvent } from '@/lib/live.ts';
import { href } from '@/lib/routes.ts';
import { CampaignActions, cloneHref } from './campaign-actions.tsx';
import { StatusTag } from './status-tag.tsx';
import { CampaignProgress, DomainsTable, OverallTable, ProvidersTable } from './statistics-tables.tsx';

export interface CampaignStatisticsPageProps {
  kind: CampaignKind;
  /** The kind's own buttons beside Refresh (PMTA: the direct count), given the campaign's id. */
  servicesExtra?: (id: number) => ReactNode;
}

/**
 * A campaign's statistics: progress bar, Clone, the overall table (live), the per-service table with
 * Refresh, and 'Top 20 domains in {service} mail service' for the service clicked.
 */
export function CampaignStatisticsPage({ kind, servicesExtra }: CampaignStatisticsPageProps) {
  const routeId = useRouteId();
  const id = typeof routeId === 'number' ? routeId : undefined;
  const campaign = useCampaign(kind, id);
  const overall = useCampaignStatistics(kind, id, 'overall');
  const providers = useCampaignStatistics(kind, id, 'perProviders');
  const [service, setService] = useState<ProviderStats>();
  const [showEmpty, setShowEmpty] = useState(false);
  const domains = useCampaignStatistics(kind, id, 'perDomains', service?.id ?? 0, service !== undefined);
  useLiveEvent(Topics.campaignStatistics, useApplyStatistics(kind, id));
  useLiveEvent(Topics.campaignProgress, useApplyProgress(kind));
  const { label, routes } = CampaignKinds[kind];
  if (routeId === 'malformed') return <Navigate to={href('error404')} replace />;

  const stats = overall.data?.overallStats;
  // Services without a recipient in this campaign are folded away: the drill-down stays in sight.
  const allServices = providers.data?.perProvidersStats ?? [];
  const emptyServices = allServices.filter((p) => p.total === 0).length;
  const shownServices = showEmpty ? allServices : allServices.filter((p) => p.total > 0);
  const c = campaign.data;
  return (
    <Page
      title={
        <Space size={12} wrap>
          {`Statistics of ${label} Campaign #${id}`}
          {c && <StatusTag status={c.status} completion={c.completion} pauseReason={c.pauseReason} />}
        </Space>
      }
      extra={
        <Space wrap>
          {c && <CampaignActions kind={kind} campaign={c} labelled />}
          {id && (
            <Link to={cloneHref(kind, id)}>
              <Button icon={<CopyOutlined />}>Clone</Button>
            </Link>
          )}
          <Link to={href(routes.list)}>
            <Button icon={<ArrowLeftOutlined />}>Back to campaigns</Button>
          </Link>
        </Space>
      }
    >
      {!stats ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={24}>
          {c?.status === CampaignStatus.Paused && c.pauseReason && (
            <Alert
              type="warning"
              showIcon
              data-testid="pause-reason"
              title="Paused by the console"
              description={c.pauseReason}
            />
          )}
          {stats.recipientsArchivedAt && (
            <Alert
              type="info"
              showIcon
              data-testid="recipients-archived"
              title={`The recipients of this campaign were archived on ${dayjs.utc(stats.recipientsArchivedAt).format('YYYY-MM-DD')} (Data Retention).`}
              description="These figures are final: later opens, clicks and conversions are answered but not counted. Unsubscribe links still work."
            />
          )}
          <div>
            <CampaignProgress stats={stats} />
            <OverallTable stats={stats} />
          </div>
          <section aria-label="Mail services">
            <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                Mail services
              </Typography.Title>
              <Space wrap>
                {emptyServices > 0 && (
                  <Button type="link" onClick={() => setShowEmpty(!showEmpty)}>
                    {showEmpty
                      ? `Hide the ${emptyServices} without recipients`
                      : `Show the ${emptyServices} without recipients`}
                  </Button>
                )}
                <Button
                  icon={<ReloadOutlined />}
                  loading={providers.isFetching}
                  onClick={() => {
                    void providers.refetch();
                    void overall.refetch();
                    if (service) void domains.refetch();
                  }}
                >
                  Refresh
                </Button>
                {id && servicesExtra?.(id)}
              </Space>
            </Flex>
            <ProvidersTable
              rows={shownServices}
              loading={providers.isFetching}
              total={stats.total}
              selected={service?.id}
              onSelect={(r) => {
                setService(r);
                void providers.refetch();
              }}
            />
          </section>
          {service && (
            <section aria-label="Top domains">
              <Typography.Title level={5}>
                Top {TOP_DOMAINS} domains in {service.name} mail service
              </Typography.Title>
              <DomainsTable rows={domains.data?.perDomainsStats ?? []} loading={domains.isFetching} />
            </section>
          )}
        </Flex>
      )}
    </Page>
  );
}

// @ts-nocheck
import { useState } from 'react';
import { Alert, Button, Flex, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { FilterOutlined } from '@ant-design/icons';
import { operationError } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { useIsAdmin } from '@/lib/session.ts';
import { dashboardDataKey, useDetailedSpeed, useOverallSpeed, useRelaysCount } from '../api/dashboard.ts';
import { DetailedTraffic } from '../components/detailed-traffic.tsx';
import { OverallTraffic } from '../components/overall-traffic.tsx';
import { RelayGroupsTable } from '../components/relay-groups-table.tsx';
import { useLiveRefresh } from '../hooks/use-live-refresh.ts';

/**
 * Dashboard (spec 3): the traffic of the last 24 hours, overall and per mail provider, and the PMTA relay
 * groups by rating. Administrators see every user's data, or one user's after 'Filter by User' and Filter.
 * Running campaigns' live messages reload it (at most every 5 s), and it reloads every minute anyway.
 */
export function DashboardPage() {
  const isAdmin = useIsAdmin();
  const [chosen, setChosen] = useState<number>();
  const [userId, setUserId] = useState<number>();
  const overall = useOverallSpeed(userId);
  const detailed = useDetailedSpeed(userId);
  const relays = useRelaysCount(userId);
  useLiveRefresh(dashboardDataKey);
  const client = useQueryClient();
  const error = overall.error ?? detailed.error ?? relays.error;
  const filter = () => {
    if (chosen === userId) void client.invalidateQueries({ queryKey: dashboardDataKey });
    setUserId(chosen);
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Dashboard
        </Typography.Title>
        {isAdmin && (
          <Flex gap={8} wrap>
            <OwnerSelect placeholder="Filter by User" aria-label="Filter by User" value={chosen} onChange={setChosen} />
            <Button
              type="primary"
              icon={<FilterOutlined />}
              loading={overall.isFetching || detailed.isFetching || relays.isFetching}
              onClick={filter}
            >
              Filter
            </Button>
          </Flex>
        )}
      </Flex>
      {error && <Alert type="error" showIcon title={operationError(error)} />}
      <OverallTraffic data={overall.data} loading={overall.isLoading} />
      <DetailedTraffic data={detailed.data} loading={detailed.isLoading} />
      <RelayGroupsTable rows={relays.data?.data} loading={relays.isLoading} />
    </Flex>
  );
}

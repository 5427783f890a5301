import { useMemo } from 'react';
import { Card, Flex, Statistic } from 'antd';
import type { SpeedOverall } from '@console/shared/dashboard';
import { TrafficChart } from './traffic-chart.tsx';

const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);

/** The overall traffic of the last 24 hours: Total (sent), Delivered, Bounced, Infra bounces and Complaints, with their sums. */
export function OverallTraffic({ data, loading }: { data: SpeedOverall | undefined; loading: boolean }) {
  const lines = useMemo(
    () =>
      data
        ? [
            { name: 'Total', data: data.total },
            { name: 'Delivered', data: data.sent },
            { name: 'Bounced', data: data.bounce },
            { name: 'Infra bounces', data: data.infraBounce },
            { name: 'Complaints', data: data.complaint },
          ]
        : [],
    [data],
  );
  return (
    <Card
      title="Overall traffic"
      extra="Last 24 hours, hourly (UTC)"
      loading={loading && !data}
      data-testid="overall-traffic"
    >
      <Flex gap={32} wrap style={{ marginBottom: 8 }}>
        <Statistic title="Total" value={data ? sum(data.total) : 0} />
        <Statistic title="Delivered" value={data ? sum(data.sent) : 0} />
        <Statistic title="Bounced" value={data ? sum(data.bounce) : 0} />
        {/* Of the bounces, the relays' or the messages' own, never the recipients' (decision 1362). */}
        <Statistic title="Infra bounces" value={data ? sum(data.infraBounce) : 0} />
        <Statistic title="Complaints" value={data ? sum(data.complaint) : 0} />
      </Flex>
      <TrafficChart labels={data?.labels ?? []} lines={lines} label="Overall traffic chart" />
    </Card>
  );
}

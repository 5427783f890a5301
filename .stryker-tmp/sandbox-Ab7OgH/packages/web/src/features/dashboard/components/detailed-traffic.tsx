// @ts-nocheck
import { useMemo, useState } from 'react';
import { Card, Select } from 'antd';
import type { SpeedDetailed } from '@console/shared/dashboard';
import { ReportTexts } from '@console/shared/reports';
import { EmptyState } from '@/components/empty-state.tsx';
import { TrafficChart, type TrafficLine } from './traffic-chart.tsx';

/** The mail provider selector's default: one line per provider (its total). */
export const ALL_PROVIDERS = 'All providers';

/**
 * The detailed traffic of the last 24 hours: 'All providers' draws each mail provider's total; a chosen
 * provider draws its Total, Delivered and Bounced.
 */
export function DetailedTraffic({ data, loading }: { data: SpeedDetailed | undefined; loading: boolean }) {
  const [provider, setProvider] = useState(ALL_PROVIDERS);
  const names = useMemo(() => Object.keys(data?.chartData ?? {}), [data]);
  const lines = useMemo<TrafficLine[]>(() => {
    if (!data) return [];
    if (provider === ALL_PROVIDERS) return names.map((name) => ({ name, data: data.chartData[name]!.total }));
    const s = data.chartData[provider];
    const zeros = data.labels.map(() => 0);
    return [
      { name: 'Total', data: s?.total ?? zeros },
      { name: 'Delivered', data: s?.sent ?? zeros },
      { name: 'Bounced', data: s?.bounce ?? zeros },
    ];
  }, [data, names, provider]);

  // A provider chosen before a reload that no longer had traffic stays listed (with zeros).
  const options = [
    ALL_PROVIDERS,
    ...names,
    ...(provider !== ALL_PROVIDERS && !names.includes(provider) ? [provider] : []),
  ];
  return (
    <Card
      title="Detailed traffic"
      loading={loading && !data}
      data-testid="detailed-traffic"
      extra={
        <Select
          aria-label="Mail provider"
          value={provider}
          onChange={setProvider}
          allowClear={false}
          showSearch={{ optionFilterProp: 'label' }}
          options={options.map((o) => ({ value: o, label: o }))}
          style={{ minWidth: 200 }}
        />
      }
    >
      {data && !names.length && provider === ALL_PROVIDERS ? (
        <EmptyState description={ReportTexts.noData} />
      ) : (
        <TrafficChart
          labels={data?.labels ?? []}
          lines={lines}
          label={provider === ALL_PROVIDERS ? 'Detailed traffic chart' : `${provider} traffic chart`}
        />
      )}
    </Card>
  );
}

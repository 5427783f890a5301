import { Button, Descriptions, Progress, Table, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { completionOf, type DomainStats, type OverallStats, type ProviderStats } from '@console/shared/campaigns';
import { campaignDate, money, percent } from '../api/campaigns.ts';

const n = (v: number) => v.toLocaleString('en-US');
const num = <T,>(title: string, key: keyof T & string): ColumnType<T> => ({
  title,
  key,
  align: 'right',
  render: (_, row) => n(row[key] as number),
});
const profit = <T extends { profit: number }>(): ColumnType<T> => ({
  title: 'Profit',
  key: 'profit',
  align: 'right',
  render: (_, row) => money(row.profit),
});

/**
 * Complaints with their rate over delivered mail (issue 39: what the pause judges, decision 1391), e.g.
 * '4 (0.40%)'.
 */
const complaints = <T extends { complaints: number; delivered: number }>(title = 'Complaints'): ColumnType<T> => ({
  title,
  key: 'complaints',
  align: 'right',
  render: (_, row) =>
    row.delivered > 0 && row.complaints > 0
      ? `${n(row.complaints)} (${((100 * row.complaints) / row.delivered).toFixed(2)}%)`
      : n(row.complaints),
});

/** (delivered + bounced) / total, one decimal; the bar is never narrower than 5 %. */
export function CampaignProgress({ stats }: { stats: OverallStats }) {
  const value = completionOf(stats.delivered, stats.bounced, stats.total);
  return (
    <Progress
      percent={Math.max(5, value)}
      format={() => `${value.toFixed(1)}%`}
      status={value >= 100 ? 'success' : 'active'}
      aria-label="Campaign progress"
      data-testid="campaign-progress"
      style={{ marginBottom: 16 }}
    />
  );
}

/**
 * The overall statistics in two parts (issue 38): the campaign (ID, Name, E-mail List, Start or scheduled,
 * End or scheduled stop) as a header, then one row of figures alone, so Total to Profit fit without
 * scrolling at 1400 px (a long name or list no longer pushes Conversion and Profit out of sight) and stay
 * reachable at 1000 px; the figures an operator opens the page for (Open to Profit) are never clipped.
 */
export function OverallTable({ stats }: { stats: OverallStats }) {
  // A date never breaks inside itself (a narrow window wrapped '2/3/202 6').
  const when = (actual: string | null, scheduled: string | null, word: string) => (
    <span style={{ whiteSpace: 'nowrap' }}>
      {actual ? (
        campaignDate(actual)
      ) : scheduled ? (
        <Tooltip title={`Scheduled ${word} (UTC)`}>{campaignDate(scheduled)} (scheduled)</Tooltip>
      ) : (
        ''
      )}
    </span>
  );
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 5 }}
        style={{ marginBottom: 12 }}
        data-testid="overall-campaign"
        items={[
          { key: 'id', label: 'ID', children: stats.id },
          { key: 'name', label: 'Name', children: stats.name },
          { key: 'emailList', label: 'E-mail List', children: stats.emailList },
          { key: 'start', label: 'Start', children: when(stats.start, stats.scheduledStart, 'start') },
          { key: 'end', label: 'End', children: when(stats.end, stats.scheduledStop, 'stop') },
        ]}
      />
      <Table<OverallStats>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={[stats]}
        scroll={{ x: 'max-content' }}
        data-testid="overall-stats"
        columns={[
          num('Total', 'total'),
          num('Delivered', 'delivered'),
          num('Bounced', 'bounced'),
          num('Infra bounces', 'infraBounces'),
          num('Interrupted', 'interrupted'),
          num('Open', 'open'),
          num('Click', 'click'),
          num('Unsubscribed', 'unsubscribed'),
          complaints(),
          num('Conversion', 'conversion'),
          profit(),
        ]}
      />
    </>
  );
}

export interface ProvidersTableProps {
  rows: ProviderStats[];
  loading: boolean;
  /** The campaign's total: each service's share of it. */
  total: number;
  selected?: number;
  onSelect: (row: ProviderStats) => void;
}

/** What the per-service and per-domain tables share: dense, unpaged, scrolling sideways when narrow. */
const STATS_TABLE = {
  size: 'small',
  pagination: false,
  scroll: { x: 'max-content' },
  locale: { emptyText: 'Nothing to show.' },
} as const;

/**
 * Per mail service: total with its share, processed, delivered, bounced, interrupted (maybe accepted, never in
 * processed: decision 1100), open, click, unsub, conv, profit.
 */
export function ProvidersTable({ rows, loading, total, selected, onSelect }: ProvidersTableProps) {
  return (
    <Table<ProviderStats>
      {...STATS_TABLE}
      rowKey="id"
      loading={loading}
      dataSource={rows}
      rowClassName={(r) => (r.id === selected ? 'ant-table-row-selected' : '')}
      columns={[
        {
          title: 'Service',
          key: 'name',
          fixed: 'left',
          render: (_, r) => (
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              aria-label={`Top domains of ${r.name}`}
              onClick={() => onSelect(r)}
            >
              {r.name}
            </Button>
          ),
        },
        {
          title: 'Total',
          key: 'total',
          align: 'right',
          render: (_, r) => `${n(r.total)} (${percent(r.total, total)}%)`,
        },
        num('Processed', 'processed'),
        num('Delivered', 'delivered'),
        num('Bounced', 'bounced'),
        num('Infra', 'infraBounces'),
        num('Interrupted', 'interrupted'),
        num('Open', 'open'),
        num('Click', 'click'),
        num('Unsub', 'unsubscribed'),
        complaints('Compl.'),
        num('Conv', 'conversion'),
        profit(),
      ]}
    />
  );
}

/** 'Top 20 domains in {service} mail service'. */
export function DomainsTable({ rows, loading }: { rows: DomainStats[]; loading: boolean }) {
  return (
    <Table<DomainStats>
      {...STATS_TABLE}
      rowKey="domain"
      loading={loading}
      dataSource={rows}
      columns={[
        { title: 'Domain', dataIndex: 'domain', key: 'domain', fixed: 'left' },
        num('Total', 'total'),
        num('Processed', 'processed'),
        num('Delivered', 'delivered'),
        num('Bounced', 'bounced'),
        num('Infra', 'infraBounces'),
        num('Interrupted', 'interrupted'),
        num('Open', 'views'),
        num('Click', 'clicks'),
        num('Unsub', 'unsubscribers'),
        complaints('Compl.'),
        num('Conv', 'conversions'),
        profit(),
      ]}
    />
  );
}

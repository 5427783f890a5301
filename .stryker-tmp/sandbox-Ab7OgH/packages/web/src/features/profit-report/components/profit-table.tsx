// @ts-nocheck
import { Table } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { money, ReportTexts } from '@console/shared/reports';
import { countryLabel, type ProfitGroupBy, type ProfitReportRow } from '@console/shared/profit-report';
import { DataTable } from '@/components/data-table.tsx';
import { REPORT_SORT, reportCount } from '@/components/reports/report-sort.ts';
import type { SortOrder } from '@/hooks/use-collection-params.ts';
import { CampaignCell } from './campaign-cell.tsx';

const GROUP_COLUMN: Record<ProfitGroupBy, ColumnType<ProfitReportRow>> = {
  date: { title: 'Date', dataIndex: 'event_date', key: 'event_date' },
  campaign: { title: 'Campaign', key: 'campaign_id', render: (_, r) => <CampaignCell row={r} /> },
  country: { title: 'Country', key: 'country', render: (_, r) => countryLabel(r.country) },
};

const rowKey = (r: ProfitReportRow) =>
  r.event_date ?? (r.campaign_id ? `${r.campaign_type}-${r.campaign_id}` : `country:${r.country}`);

export interface ProfitTableProps {
  groupBy: ProfitGroupBy;
  rows: ProfitReportRow[] | undefined;
  loading: boolean;
  error: unknown;
  order: SortOrder;
  onOrder: (order: SortOrder) => void;
}

/** The rows of one grouping, a Count (conversions) and a Profit column, and the Total row under them. */
export function ProfitTable({ groupBy, rows, loading, error, order, onOrder }: ProfitTableProps) {
  return (
    <DataTable<ProfitReportRow>
      data={rows && { items: rows, totalItems: rows.length }}
      loading={loading}
      error={error ?? undefined}
      page={1}
      pageSize={Math.max(1, rows?.length ?? 1)}
      order={order}
      onChange={({ order: next }) => next && onOrder(next)}
      hideTotal
      rowKey={rowKey}
      emptyText={ReportTexts.noData}
      columns={[
        { ...GROUP_COLUMN[groupBy], ...REPORT_SORT },
        { title: 'Count', key: 'count', align: 'right', ...REPORT_SORT, render: (_, r) => reportCount(r.count) },
        { title: 'Profit', key: 'sum', align: 'right', ...REPORT_SORT, render: (_, r) => money(r.sum) },
      ]}
      summary={(shown) =>
        shown.length > 0 && (
          <Table.Summary.Row className="report-total">
            <Table.Summary.Cell index={0}>
              <strong>Total</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <strong>{reportCount(shown.reduce((n, r) => n + r.count, 0))}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              <strong>{money(shown.reduce((n, r) => n + r.sum, 0))}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )
      }
    />
  );
}

import { useState } from 'react';
import { Table } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useQueryClient } from '@tanstack/react-query';
import { money, ReportTexts } from '@console/shared/reports';
import { ACTIVITY_FIGURES, type ActivityOrderBy, type ActivityReportRow } from '@console/shared/activity-report';
import { DataTable } from '@/components/data-table.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { CampaignTypeSelect, type ReportCampaignType } from '@/components/reports/campaign-type-select.tsx';
import { ReportPage } from '@/components/reports/report-page.tsx';
import { ReportRangePicker, defaultRange } from '@/components/reports/report-range.tsx';
import { REPORT_SORT, reportCount } from '@/components/reports/report-sort.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { activityReportKey, useActivityReport } from '../api/activity-report.ts';

interface Asked {
  userId?: number;
  fromDate: string;
  toDate: string;
  campaignType?: ReportCampaignType;
  orderBy: ActivityOrderBy;
  asc: boolean;
}
type Figure = (typeof ACTIVITY_FIGURES)[number];

/** The figure columns' titles (spec 3). */
const TITLES: Record<Figure, string> = {
  delivered: 'Delivered',
  bounced: 'Bounced',
  views: 'Views',
  clicks: 'Clicks',
  conversions: 'Conv',
  unsubscribers: 'Unsub',
  profit: 'Profit',
};
const show = (f: Figure, n: number) => (f === 'profit' ? money(n) : reportCount(n));

const COLUMNS: ColumnType<ActivityReportRow>[] = [
  { title: 'Date', dataIndex: 'event_date', key: 'event_date', ...REPORT_SORT },
  ...ACTIVITY_FIGURES.map((f): ColumnType<ActivityReportRow> => ({
    title: TITLES[f],
    key: f,
    align: 'right',
    ...REPORT_SORT,
    render: (_, r) => show(f, r[f]),
  })),
];

/**
 * Activity Report (spec 3): per UTC day of the range that had any activity, what the campaigns (SMTP,
 * PMTA or both) delivered, bounced, were viewed and clicked, converted, lost to unsubscribes and earned;
 * administrators choose a user (or all). Nothing is asked until Get; the order is the server's.
 */
export function ActivityReport() {
  const isAdmin = useIsAdmin();
  const client = useQueryClient();
  const [userId, setUserId] = useState<number>();
  const [campaignType, setCampaignType] = useState<ReportCampaignType | ''>('');
  const [range, setRange] = useState(defaultRange);
  const [asked, setAsked] = useState<Asked>();
  const report = useActivityReport(asked);

  const get = () => {
    setAsked({
      ...(isAdmin && userId ? { userId } : {}),
      ...range,
      ...(campaignType ? { campaignType } : {}),
      orderBy: asked?.orderBy ?? 'event_date',
      asc: asked?.asc ?? true,
    });
    void client.invalidateQueries({ queryKey: [activityReportKey] });
  };

  const rows = report.data?.report;
  return (
    <ReportPage
      title="Activity Report"
      report={report}
      filters={
        <>
          {isAdmin && <OwnerSelect placeholder="All users" aria-label="User" value={userId} onChange={setUserId} />}
          <CampaignTypeSelect value={campaignType} onChange={setCampaignType} />
          <ReportRangePicker value={range} onChange={setRange} />
        </>
      }
      onGet={get}
      centred={false}
      dataAge
      asked={asked}
      empty={ReportTexts.selectDates}
    >
      {(asked) => (
        <DataTable<ActivityReportRow>
          data={rows && { items: rows, totalItems: rows.length }}
          loading={report.isFetching}
          error={report.error ?? undefined}
          page={1}
          pageSize={Math.max(1, rows?.length ?? 1)}
          order={{ field: asked.orderBy, dir: asked.asc ? 'asc' : 'desc' }}
          onChange={({ order }) =>
            order && setAsked({ ...asked, orderBy: order.field as ActivityOrderBy, asc: order.dir === 'asc' })
          }
          hideTotal
          rowKey="event_date"
          emptyText={ReportTexts.noData}
          columns={COLUMNS}
          summary={(shown) =>
            shown.length > 0 && (
              <Table.Summary.Row className="report-total">
                <Table.Summary.Cell index={0}>
                  <strong>Total</strong>
                </Table.Summary.Cell>
                {ACTIVITY_FIGURES.map((f, i) => (
                  <Table.Summary.Cell key={f} index={i + 1} align="right">
                    <strong>
                      {show(
                        f,
                        shown.reduce((n, r) => n + r[f], 0),
                      )}
                    </strong>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )
          }
        />
      )}
    </ReportPage>
  );
}

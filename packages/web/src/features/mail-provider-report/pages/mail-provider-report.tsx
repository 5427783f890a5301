import { useState } from 'react';
import { Typography } from 'antd';
import type {
  MailProviderReportBody,
  MailProviderReportOrder,
  MailProviderReportRow,
} from '@console/shared/mail-provider-report';
import { ReportTexts, money } from '@console/shared/reports';
import { ReportTable } from '@/components/reports/report-table.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ReportPage } from '@/components/reports/report-page.tsx';
import { ReportRangePicker, defaultRange, type ReportRange } from '@/components/reports/report-range.tsx';
import { useSortedReport } from '@/components/reports/use-sorted-report.ts';
import { REPORT_SORT, reportCount } from '@/components/reports/report-sort.ts';
import type { SortOrder } from '@/hooks/use-collection-params.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useMailProviderReport } from '../api/mail-provider-report.ts';

const FIRST_ORDER: SortOrder = { field: 'profit', dir: 'desc' };
const percent = (n: number) => n.toFixed(2);

/** The columns after the provider's name: title, key and how the value reads. */
const FIGURES: { title: string; key: MailProviderReportOrder; show: (r: MailProviderReportRow) => string }[] = [
  { title: 'Sent', key: 'sent', show: (r) => reportCount(r.sent) },
  // The base of the open and click rates (issue 38: only Sent was shown, the rates looked wrong).
  { title: 'Delivered', key: 'delivered', show: (r) => reportCount(r.delivered) },
  { title: 'Open', key: 'open', show: (r) => reportCount(r.open) },
  { title: 'Click', key: 'clicks', show: (r) => reportCount(r.clicks) },
  { title: 'Conversion', key: 'conversions', show: (r) => reportCount(r.conversions) },
  { title: 'Open rate %', key: 'open_rate', show: (r) => percent(r.open_rate) },
  { title: 'Click rate %', key: 'click_rate', show: (r) => percent(r.click_rate) },
  { title: 'Conv rate %', key: 'conv_rate', show: (r) => percent(r.conv_rate) },
  { title: 'Profit', key: 'profit', show: (r) => money(r.profit) },
];

/**
 * Mail services report (spec 3): per mail service, the range's Sent, Delivered (the rates' base), Open,
 * Click, Conversion, the rates and Profit, most profitable first. Administrators may choose a user; anyone else sees their own at once.
 */
export function MailProviderReport() {
  const isAdmin = useIsAdmin();
  const [userId, setUserId] = useState<number>();
  const [range, setRange] = useState<ReportRange>(defaultRange);
  const { order, onOrder, body, report, get } = useSortedReport({
    first: FIRST_ORDER,
    bodyFor: (o): MailProviderReportBody => ({
      userId: userId ?? null,
      orderBy: o.field as MailProviderReportOrder,
      direction: o.dir,
      ...range,
    }),
    auto: !isAdmin,
    load: useMailProviderReport,
  });
  const rows = report.data?.report;

  return (
    <ReportPage
      title="Mail Services Report"
      report={report}
      filters={
        <>
          <ReportRangePicker value={range} onChange={setRange} />
          {isAdmin && <OwnerSelect placeholder="All users" aria-label="User" value={userId} onChange={setUserId} />}
        </>
      }
      onGet={get}
      asked={body}
      empty={ReportTexts.clickGet}
    >
      {() => (
        <>
          <ReportTable<MailProviderReportRow>
            rows={rows}
            report={report}
            order={order}
            onOrder={onOrder}
            rowKey="mailProviderId"
            emptyText={ReportTexts.nothing}
            columns={[
              { title: 'Provider Name', dataIndex: 'provider_name', key: 'provider_name', ...REPORT_SORT },
              ...FIGURES.map(({ title, key, show }) => ({
                title,
                key,
                align: 'right' as const,
                ...REPORT_SORT,
                render: (_: unknown, r: MailProviderReportRow) => show(r),
              })),
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="rates-base">
            Open rate and Click rate are of Delivered; Conv rate is of Click. Open and Click count each recipient once.
          </Typography.Paragraph>
        </>
      )}
    </ReportPage>
  );
}

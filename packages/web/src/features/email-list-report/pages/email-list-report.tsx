import { useState } from 'react';
import type { EmailListReportBody, EmailListReportOrder, EmailListReportRow } from '@console/shared/email-list-report';
import { ReportTexts, money } from '@console/shared/reports';
import { ReportTable } from '@/components/reports/report-table.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ReportPage } from '@/components/reports/report-page.tsx';
import { ReportRangePicker, defaultRange, type ReportRange } from '@/components/reports/report-range.tsx';
import { useSortedReport } from '@/components/reports/use-sorted-report.ts';
import { REPORT_SORT, reportCount } from '@/components/reports/report-sort.ts';
import type { SortOrder } from '@/hooks/use-collection-params.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useEmailListReport } from '../api/email-list-report.ts';

const FIRST_ORDER: SortOrder = { field: 'profitPerCampaign', dir: 'desc' };

/**
 * E-mail list report (spec 3): per e-mail list, the campaigns that sent to it in the range, their profit
 * and the profit per campaign, best per campaign first. Administrators may choose a user; anyone else
 * sees their own at once.
 */
export function EmailListReport() {
  const isAdmin = useIsAdmin();
  const [userId, setUserId] = useState<number>();
  const [range, setRange] = useState<ReportRange>(defaultRange);
  const { order, onOrder, body, report, get } = useSortedReport({
    first: FIRST_ORDER,
    bodyFor: (o): EmailListReportBody => ({
      userId: userId ?? null,
      orderBy: o.field as EmailListReportOrder,
      direction: o.dir,
      ...range,
    }),
    auto: !isAdmin,
    load: useEmailListReport,
  });
  const rows = report.data?.report;

  return (
    <ReportPage
      title="E-mail List Report"
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
        <ReportTable<EmailListReportRow>
          rows={rows}
          report={report}
          order={order}
          onOrder={onOrder}
          rowKey="emailListId"
          emptyText={ReportTexts.nothing}
          columns={[
            { title: 'List Name', dataIndex: 'emailListName', key: 'emailListName', ...REPORT_SORT },
            {
              title: 'Campaign Count',
              key: 'campaignCount',
              align: 'right',
              ...REPORT_SORT,
              render: (_, r) => reportCount(r.campaignCount),
            },
            { title: 'Profit', key: 'profit', align: 'right', ...REPORT_SORT, render: (_, r) => money(r.profit) },
            {
              title: 'Profit per Campaign',
              key: 'profitPerCampaign',
              align: 'right',
              ...REPORT_SORT,
              render: (_, r) => money(r.profitPerCampaign),
            },
          ]}
        />
      )}
    </ReportPage>
  );
}

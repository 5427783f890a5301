import { useState } from 'react';
import { Button, Select, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  ARCHIVE_STATUSES,
  ArchiveStatusLabels,
  MESSAGE_REPORT_PAGE_SIZE,
  MessageReportTitles as T,
  type ArchiveStatus,
  type MessageReportOrder,
  type MessageReportRow,
} from '@console/shared/message-report';
import { ReportTexts, money, ratioText } from '@console/shared/reports';
import { DataTable } from '@/components/data-table.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { reportErrorDialog } from '@/components/reports/report-error.ts';
import { ReportPage } from '@/components/reports/report-page.tsx';
import { REPORT_SORT, reportCount } from '@/components/reports/report-sort.ts';
import type { TableState } from '@/hooks/use-collection-params.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { downloadMessageReport, useMessageReport } from '../api/message-report.ts';

interface Filter {
  userId?: number;
  archiveStatus: ArchiveStatus;
}
const ALL: Filter = { archiveStatus: 'all' };
const FIRST_PAGE: TableState = { page: 1, pageSize: MESSAGE_REPORT_PAGE_SIZE };
const STATUSES = ARCHIVE_STATUSES.map((s) => ({ value: s, label: ArchiveStatusLabels[s] }));

/** A title that may break after its colon ('Click:Delivery'), so that narrow screens keep every column. */
const breakable = (title: string) =>
  title.includes(':') ? (
    <>
      {title.split(':')[0]}:<wbr />
      {title.split(':')[1]}
    </>
  ) : (
    title
  );

const figure = (key: keyof MessageReportRow['report'], show: (r: MessageReportRow) => string) => ({
  title: breakable(T[key]),
  key,
  align: 'right' as const,
  ...REPORT_SORT,
  render: (_: unknown, r: MessageReportRow) => show(r),
});

/**
 * Message report (spec 3): per message, all time, what its campaigns of both kinds delivered, clicked,
 * converted and earned, with the ratios as 1:n (the infinity sign when nothing to divide by). Administrators
 * choose the archive status and a user and press Get; anyone else sees their own messages at once. The
 * Excel button downloads the same rows (message-report.xlsx).
 */
export function MessageReport() {
  const isAdmin = useIsAdmin();
  const [userId, setUserId] = useState<number>();
  const [archiveStatus, setArchiveStatus] = useState<ArchiveStatus>('all');
  const [applied, setApplied] = useState<Filter | undefined>(isAdmin ? undefined : ALL);
  const [table, setTable] = useState<TableState>(FIRST_PAGE);
  const [downloading, setDownloading] = useState(false);
  const report = useMessageReport(
    applied && {
      _page: table.page,
      itemsPerPage: table.pageSize,
      ...(table.order ? { [`order[${table.order.field}]`]: table.order.dir } : {}),
      userId: applied.userId,
      archiveStatus: applied.archiveStatus,
    },
  );
  // Get asks again even when nothing changed: the figures move while campaigns send.
  const get = () => {
    const same =
      applied !== undefined && applied.userId === userId && applied.archiveStatus === archiveStatus && table.page === 1;
    if (same) void report.refetch();
    else {
      setApplied({ userId, archiveStatus });
      setTable((t) => ({ ...t, page: 1 }));
    }
  };
  const download = async () => {
    if (!applied) return;
    setDownloading(true);
    try {
      await downloadMessageReport({
        ...applied,
        ...(table.order ? { orderBy: table.order.field as MessageReportOrder, direction: table.order.dir } : {}),
      });
    } catch (e) {
      reportErrorDialog(e);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <ReportPage
      title="Message Report"
      report={report}
      filters={
        isAdmin && (
          <>
            <Typography.Text>Archive status</Typography.Text>
            <Select<ArchiveStatus>
              aria-label="Archive status"
              value={archiveStatus}
              onChange={setArchiveStatus}
              options={STATUSES}
              style={{ width: 120 }}
            />
            <OwnerSelect placeholder="All users" aria-label="User" value={userId} onChange={setUserId} />
          </>
        )
      }
      onGet={isAdmin ? get : undefined}
      after={
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void download()}
          loading={downloading}
          disabled={!applied}
          aria-label="Download Excel"
          title="Download Excel (message-report.xlsx)"
        >
          Excel
        </Button>
      }
      asked={applied}
      empty={ReportTexts.clickGet}
    >
      {() => (
        <DataTable<MessageReportRow>
          data={report.data}
          loading={report.isFetching}
          error={report.error ?? undefined}
          retry={() => void report.refetch()}
          {...table}
          onChange={setTable}
          emptyText={ReportTexts.nothing}
          // At least this wide (scrolling sideways below), else as wide as the card, the ratio titles wrapping.
          scroll={{ x: 760 }}
          tableLayout="auto"
          columns={[
            { title: T.id, dataIndex: 'id', key: 'id', ...REPORT_SORT },
            { title: T.name, dataIndex: 'name', key: 'name', minWidth: 100, ...REPORT_SORT },
            figure('delivered', (r) => reportCount(r.report.delivered)),
            figure('clicked', (r) => reportCount(r.report.clicked)),
            figure('deliveredToOneClick', (r) => ratioText(r.report.deliveredToOneClick)),
            figure('conversions', (r) => reportCount(r.report.conversions)),
            figure('clickedToOneConversion', (r) => ratioText(r.report.clickedToOneConversion)),
            figure('profit', (r) => money(r.report.profit)),
            figure('profitToOneConversion', (r) =>
              ratioText(r.report.profitToOneConversion === null ? null : r.report.profitToOneConversion / 100),
            ),
          ]}
        />
      )}
    </ReportPage>
  );
}

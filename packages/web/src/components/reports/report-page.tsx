import type { ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { EmptyState } from '@/components/empty-state.tsx';
import { Page } from '@/components/page.tsx';
import { DataAgeNote } from './data-age-note.tsx';
import { useReportErrorDialog } from './report-error.ts';

interface ReportPageProps<A> {
  title: string;
  /** The report's query (`useReport`): Get spins while it loads; a failure opens the reports' 'Error' dialog. */
  report: { isFetching: boolean; error: unknown; data?: unknown };
  /** The filters, left of Get. */
  filters: ReactNode;
  /** Get; absent, no Get button. */
  onGet?: () => void;
  /** Right of Get (an export button). */
  after?: ReactNode;
  /** The filter bar's items centred on their line (the default) or top-aligned. */
  centred?: boolean;
  /** "Data as of N s ago" under the bar, when the report came from the read replica (decision 1411). */
  dataAge?: boolean;
  /** What was asked (the report's body), undefined before the first Get. */
  asked: A | undefined;
  /** What to do before the first Get (`ReportTexts`). */
  empty: string;
  /** The report's table, for what was asked. */
  children: (asked: A) => ReactNode;
}

/**
 * The frame of a report page (spec 3): the title, the filter bar with Get, the data age where the report
 * reads the replica, then what to do before the first Get or the report itself.
 */
export function ReportPage<A>(p: ReportPageProps<A>) {
  const { report, centred = true } = p;
  useReportErrorDialog(report.error);
  return (
    <Page title={p.title}>
      <Flex gap={8} wrap {...(centred && { align: 'center' })} style={{ marginBottom: 16 }}>
        {p.filters}
        {p.onGet && (
          <Button type="primary" icon={<SearchOutlined />} onClick={p.onGet} loading={report.isFetching}>
            Get
          </Button>
        )}
        {p.after}
      </Flex>
      {p.dataAge && <DataAgeNote data={report.data} />}
      {p.asked === undefined ? <EmptyState description={p.empty} /> : p.children(p.asked)}
    </Page>
  );
}

import type { ReactNode } from 'react';
import { Button, Flex, Form, type FormInstance } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { EmptyState } from '@/components/empty-state.tsx';
import { Page } from '@/components/page.tsx';
import { DataAgeNote } from './data-age-note.tsx';
import { useReportErrorDialog } from './report-error.ts';

interface ReportPageProps<A, V> {
  title: string;
  /** Above the filter bar (the deliverability report's header line). */
  intro?: ReactNode;
  /** The report's query (`useReport`): Get spins while it loads; a failure opens the reports' 'Error' dialog. */
  report: { isFetching: boolean; error: unknown; data?: unknown };
  /** The filters, left of Get. */
  filters: ReactNode;
  /** Get; absent, no Get button. */
  onGet?: () => void;
  /** The bar as an inline form whose Get submits it (the filters are its `Form.Item`s). */
  form?: { instance: FormInstance<V>; onFinish: (values: V) => void };
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
export function ReportPage<A, V = never>(p: ReportPageProps<A, V>) {
  const { report, centred = true, form } = p;
  useReportErrorDialog(report.error);
  const get = (p.onGet || form) && (
    <Button
      type="primary"
      htmlType={form ? 'submit' : 'button'}
      icon={<SearchOutlined />}
      onClick={p.onGet}
      loading={report.isFetching}
    >
      Get
    </Button>
  );
  return (
    <Page title={p.title}>
      {p.intro}
      {form ? (
        <Form<V> form={form.instance} layout="inline" style={{ rowGap: 8, marginBottom: 16 }} onFinish={form.onFinish}>
          {p.filters}
          <Form.Item>{get}</Form.Item>
          {p.after}
        </Form>
      ) : (
        <Flex gap={8} wrap {...(centred && { align: 'center' })} style={{ marginBottom: 16 }}>
          {p.filters}
          {get}
          {p.after}
        </Flex>
      )}
      {p.dataAge && <DataAgeNote data={report.data} />}
      {p.asked === undefined ? <EmptyState description={p.empty} /> : p.children(p.asked)}
    </Page>
  );
}

import { DataTable, type DataTableProps } from '@/components/data-table.tsx';
import type { SortOrder } from '@/hooks/use-collection-params.ts';
import { DataAgeNote } from './data-age-note.tsx';

export interface ReportTableProps<T extends object> extends Omit<
  DataTableProps<T>,
  'data' | 'loading' | 'error' | 'retry' | 'page' | 'pageSize' | 'onChange' | 'order'
> {
  /** The report's rows, all on one page (reports are not paged). */
  rows: T[] | undefined;
  /** The report's query (`useReport`): its progress, failure and retry. */
  report: { isFetching: boolean; error: unknown; refetch: () => unknown; data?: unknown };
  order: SortOrder;
  /** A header click: the new order (REPORT_SORT never clears it). */
  onOrder: (order: SortOrder) => void;
}

/** A report's table: every row on one page, the load's progress and failure, sorting on the server. */
export function ReportTable<T extends object>({ rows, report, order, onOrder, ...table }: ReportTableProps<T>) {
  return (
    <>
      <DataAgeNote data={report.data} />
      <DataTable<T>
        data={rows && { items: rows, totalItems: rows.length }}
        loading={report.isFetching}
        error={report.error ?? undefined}
        retry={() => void report.refetch()}
        page={1}
        pageSize={Math.max(1, rows?.length ?? 1)}
        order={order}
        onChange={({ order: next }) => onOrder(next ?? order)}
        {...table}
      />
    </>
  );
}

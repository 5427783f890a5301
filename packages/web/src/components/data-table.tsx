import type { Key, ReactNode } from 'react';
import { Button, Flex, Table, Typography, type TableProps } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import type { HydraCollection } from '@console/shared/hydra';
import type { SortOrder, TableState } from '@/hooks/use-collection-params.ts';
import { EmptyState } from './empty-state.tsx';
import { Pager } from './pager.tsx';

/** A hydra collection, or the `{items, totalItems}` shape some endpoints use (email lists). */
export type Collection<T> = HydraCollection<T> | { items: T[]; totalItems: number };

export const itemsOf = <T,>(c: Collection<T> | undefined): T[] =>
  !c ? [] : 'hydra:member' in c ? c['hydra:member'] : c.items;
export const totalOf = (c: Collection<unknown> | undefined): number =>
  !c ? 0 : 'hydra:totalItems' in c ? c['hydra:totalItems'] : c.totalItems;

export interface DataTableProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'onChange' | 'columns'> {
  /**
   * Columns as antd's. A column with `sorter: true` sorts on the server by its `key` (or `dataIndex`):
   * `order[<key>]=asc|desc`.
   */
  columns: ColumnType<T>[];
  data: Collection<T> | undefined;
  page: number;
  pageSize: number;
  order?: SortOrder;
  onChange: (next: TableState) => void;
  /** Hide the 'Total: N' line. */
  hideTotal?: boolean;
  /** 'prevNext': Prev / page / Next instead of numbered pages (offers); still hidden on a single page. */
  paging?: 'pages' | 'prevNext';
  emptyText?: string;
  /**
   * Row selection, kept across pages: checkboxes, the header box selects the page, and a bar above the
   * table says how many are selected, clears them and holds `actions` (bulk move, activity, delete).
   */
  selection?: Selection<T>;
}

export interface Selection<T> {
  selected: Key[];
  onChange: (keys: Key[]) => void;
  /** The bulk actions for the selected keys. */
  actions?: (keys: Key[]) => ReactNode;
  /** Names the row's checkbox for screen readers and tests, e.g. the row's e-mail. */
  label?: (row: T) => string;
}

/** The one list table: server paging (shown only past one page), server sorting, and the Total count. */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const {
    columns,
    data,
    page,
    pageSize,
    order,
    onChange,
    hideTotal,
    emptyText,
    paging,
    selection,
    rowKey = 'id',
    ...rest
  } = props;
  const total = totalOf(data);
  // Until the first answer there is no total and nothing is "empty" yet: the spinner says it all.
  const waiting = Boolean(rest.loading) && !data;
  const keyOf = (c: ColumnType<T>) => String(c.key ?? c.dataIndex ?? '');

  const sorted = columns.map((c) =>
    c.sorter
      ? { ...c, sortOrder: order && order.field === keyOf(c) ? (order.dir === 'asc' ? 'ascend' : 'descend') : null }
      : c,
  ) as ColumnType<T>[];

  const handleChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    const field = s?.column ? keyOf(s.column as ColumnType<T>) : undefined;
    const nextOrder: SortOrder | undefined =
      field && s?.order ? { field, dir: s.order === 'ascend' ? 'asc' : 'desc' } : undefined;
    if (extra.action !== 'sort') return;
    onChange({ page: 1, pageSize, order: nextOrder });
  };

  return (
    <>
      {!hideTotal && (
        <Typography.Paragraph style={{ marginBottom: 8 }} data-testid="total">
          Total: <Typography.Text strong>{waiting ? '…' : total}</Typography.Text>
        </Typography.Paragraph>
      )}
      {selection && selection.selected.length > 0 && (
        <Flex
          align="center"
          gap={12}
          wrap
          className="bulk-bar"
          style={{ marginBottom: 8 }}
          role="region"
          aria-label="Selection"
        >
          <Typography.Text strong>{selection.selected.length} selected</Typography.Text>
          {selection.actions?.(selection.selected)}
          <Button size="small" type="link" onClick={() => selection.onChange([])}>
            Clear selection
          </Button>
        </Flex>
      )}
      <Table<T>
        size="middle"
        rowKey={rowKey}
        columns={sorted}
        dataSource={itemsOf(data)}
        onChange={handleChange}
        locale={{ emptyText: waiting ? <div style={{ height: 120 }} /> : <EmptyState description={emptyText} /> }}
        scroll={{ x: 'max-content' }}
        pagination={false}
        rowSelection={
          selection && {
            selectedRowKeys: selection.selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => selection.onChange(keys),
            getCheckboxProps: (row) => ({ 'aria-label': `Select ${selection.label?.(row) ?? ''}`.trim() }),
          }
        }
        {...rest}
      />
      <Pager
        page={page}
        pages={Math.ceil(total / pageSize)}
        mode={paging}
        onChange={(next) => onChange({ page: next, pageSize, order })}
      />
    </>
  );
}

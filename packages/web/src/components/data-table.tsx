import { Fragment, useState, type Key, type ReactNode } from 'react';
import { Button, Flex, Result, Table, Typography, type TableProps } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import type { UseQueryResult } from '@tanstack/react-query';
import type { HydraCollection } from '@console/shared/hydra';
import type { SortOrder, TableBinding } from '@/hooks/use-collection-params.ts';
import { errorLines } from '@/lib/http.ts';
import { EmptyState } from './empty-state.tsx';
import { errorDialog } from './feedback.tsx';
import { Pager } from './pager.tsx';

/** A hydra collection, or the `{items, totalItems}` shape some endpoints use (email lists). */
export type Collection<T> = HydraCollection<T> | { items: T[]; totalItems: number };

export const itemsOf = <T,>(c: Collection<T> | undefined): T[] =>
  !c ? [] : 'hydra:member' in c ? c['hydra:member'] : c.items;
export const totalOf = (c: Collection<unknown> | undefined): number =>
  !c ? 0 : 'hydra:totalItems' in c ? c['hydra:totalItems'] : c.totalItems;

/** The app header's height: a table's sticky header and scroll bar stay clear of it. */
const HEADER_HEIGHT = 64;
/** The API's largest page (itemsPerPage): 'Select all' loads every key in one call, so up to this many. */
export const SELECT_ALL_MAX = 1000;

/**
 * What a list screen hands its table: the load (answer, progress, failure) and the paging and sorting kept
 * in the address. Every feature table's props extend it: `interface OffersTableProps extends
 * ListTableProps<HydraCollection<Offer>> { showArchiveDate: boolean }`.
 */
export interface ListTableProps<C> extends TableBinding {
  data: C | undefined;
  loading: boolean;
  /** Why the load failed: the table says so instead of 'Total: 0' and "nothing found". */
  error?: unknown;
  /** Loads the page again (the button beside the failure). */
  retry?: () => void;
}

/** `<UsersTable {...listTable(useUsers(list.query), list)} />`: a list query and `useCollectionParams()` as table props. */
export function listTable<C>(query: UseQueryResult<C>, list: { table: TableBinding }): ListTableProps<C> {
  return {
    data: query.data,
    loading: query.isFetching,
    error: query.error ?? undefined,
    retry: () => void query.refetch(),
    ...list.table,
  };
}

export interface DataTableProps<T>
  extends
    Omit<TableProps<T>, 'dataSource' | 'pagination' | 'onChange' | 'columns' | 'loading'>,
    ListTableProps<Collection<T>> {
  /**
   * Columns as antd's. A column with `sorter: true` sorts on the server by its `key` (or `dataIndex`):
   * `order[<key>]=asc|desc`. `fixed: 'left' | 'right'` pins a column while the others scroll sideways.
   */
  columns: ColumnType<T>[];
  /** Hide the 'Total: N' line. */
  hideTotal?: boolean;
  /** 'prevNext': Prev / page / Next instead of numbered pages (offers); still hidden on a single page. */
  paging?: 'pages' | 'prevNext';
  emptyText?: string;
  /** Beside 'Total: N' on the right: view switches of the table (the e-mail lists' provider columns). */
  toolbar?: ReactNode;
  /**
   * Row selection, kept across pages (`useSelection()`): checkboxes, the header box selects the page, and
   * a bar above the table says how many are selected, offers 'Select all N' across pages, clears them and
   * holds `actions` (bulk move, activity, delete).
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
  /**
   * Every key the current filters match, on every page (one call with `itemsPerPage: SELECT_ALL_MAX`).
   * With it, a fully selected page offers 'Select all N' when N is at most SELECT_ALL_MAX.
   */
  allKeys?: () => Promise<Key[]>;
}

/**
 * The one list table: 'Total: N', server sorting, the spec's pager (only past one page), an honest
 * loading and failure state, a sticky header and scroll bar, row selection with a bulk-action bar.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const {
    columns,
    data,
    loading,
    error,
    retry,
    page,
    pageSize,
    order,
    onChange,
    hideTotal,
    emptyText,
    paging,
    toolbar,
    selection,
    rowKey = 'id',
    className,
    ...rest
  } = props;
  const rows = itemsOf(data);
  const total = totalOf(data);
  // Until the first answer there is no total and nothing is "empty" yet: the spinner says it all.
  const waiting = loading && !data;
  // A refused or failed load is not "nothing found": no total, and the reason where the rows would be.
  const failed = !loading && !data && error !== undefined && error !== null;
  const keyOf = (c: ColumnType<T>) => String(c.key ?? c.dataIndex ?? '');

  // Nothing to scroll past in an empty table: pinned titles would only cover the others (issue 38: the
  // relay indicators' Conv 90/60/30 under Profit/day), so nothing is pinned until there are rows.
  const pinned = rows.length > 0 ? columns : columns.map((c) => ({ ...c, fixed: undefined }));
  const sorted = pinned.map((c) =>
    c.sorter
      ? { ...c, sortOrder: order && order.field === keyOf(c) ? (order.dir === 'asc' ? 'ascend' : 'descend') : null }
      : c,
  ) as ColumnType<T>[];

  const handleChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    const field = s?.column ? keyOf(s.column as ColumnType<T>) : undefined;
    const nextOrder: SortOrder | undefined =
      field && s?.order ? { field, dir: s.order === 'ascend' ? 'asc' : 'desc' } : undefined;
    onChange({ page: 1, pageSize, order: nextOrder });
  };

  const empty = waiting ? (
    <div style={{ height: 120 }} />
  ) : failed ? (
    <Result
      status="warning"
      title="The list could not be loaded."
      subTitle={errorLines(error).join(' ') || 'Some error occurred.'}
      extra={retry && <Button onClick={retry}>Try again</Button>}
      data-testid="load-failed"
    />
  ) : (
    <EmptyState description={emptyText} />
  );

  return (
    <>
      {(!hideTotal || toolbar) && (
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
          {!hideTotal && (
            <Typography.Text data-testid="total">
              Total:{' '}
              <Typography.Text strong>{waiting ? '…' : failed ? '—' : total.toLocaleString('en-US')}</Typography.Text>
            </Typography.Text>
          )}
          {toolbar}
        </Flex>
      )}
      {selection && selection.selected.length > 0 && (
        <SelectionBar selection={selection} rows={rows} rowKey={rowKey} total={total} />
      )}
      <Table<T>
        size="middle"
        rowKey={rowKey}
        columns={sorted}
        dataSource={rows}
        loading={loading}
        onChange={handleChange}
        locale={{ emptyText: empty }}
        // Columns take what their content needs and wrap beyond it; the table scrolls sideways only when
        // even that is wider than the page. 'max-content' kept every cell on one line, so the pinned
        // columns covered others (issue 22). styles.css lines the sticky header up with the body.
        scroll={{ x: true }}
        tableLayout="auto"
        className={['data-table', rows.length === 0 && 'data-table-empty', className].filter(Boolean).join(' ')}
        // Long pages keep their column titles and their sideways scroll bar on screen.
        sticky={{ offsetHeader: HEADER_HEIGHT }}
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

function SelectionBar<T extends object>({
  selection,
  rows,
  rowKey,
  total,
}: {
  selection: Selection<T>;
  rows: T[];
  rowKey: TableProps<T>['rowKey'];
  total: number;
}) {
  const [loadingAll, setLoadingAll] = useState(false);
  const { selected } = selection;
  const keyOfRow = (row: T, i: number): Key =>
    typeof rowKey === 'function' ? rowKey(row, i) : ((row as Record<string, unknown>)[String(rowKey)] as Key);
  const chosen = new Set(selected);
  const pageChosen = rows.length > 0 && rows.every((r, i) => chosen.has(keyOfRow(r, i)));
  const more = pageChosen && selected.length < total;

  const selectAll = async () => {
    setLoadingAll(true);
    try {
      selection.onChange(await selection.allKeys!());
    } catch (e) {
      errorDialog(e);
    } finally {
      setLoadingAll(false);
    }
  };

  return (
    <Flex
      align="center"
      gap={12}
      wrap
      className="bulk-bar"
      style={{ marginBottom: 8, padding: '6px 12px', borderRadius: 6, background: 'rgba(79, 70, 229, 0.06)' }}
      role="region"
      aria-label="Selection"
    >
      <Typography.Text strong>{selected.length.toLocaleString('en-US')} selected</Typography.Text>
      {more && selection.allKeys && total <= SELECT_ALL_MAX && (
        <Button size="small" type="link" loading={loadingAll} onClick={() => void selectAll()} style={{ padding: 0 }}>
          Select all {total.toLocaleString('en-US')}
        </Button>
      )}
      {more && selection.allKeys && total > SELECT_ALL_MAX && (
        <Typography.Text type="secondary">
          {total.toLocaleString('en-US')} match: narrow the search to act on all of them at once.
        </Typography.Text>
      )}
      {selection.actions?.(selected)}
      <Button size="small" type="link" onClick={() => selection.onChange([])} style={{ padding: 0 }}>
        Clear selection
      </Button>
    </Flex>
  );
}

/** The Owner column, for administrators only (spec 2 and 3); sortable by `order[user]` unless the resource is not. */
/**
 * A column whose title is a text never gets narrower than the title's longest word, with the cell's
 * padding and a sort arrow (issue 38: body cells may break anywhere, so the browser shrank columns under
 * their titles: 'Own er', 'Sende r', 'I D'). The floor goes on the body cells' style: in an automatic
 * table layout a cell's min-width holds where a column's does not. For the lists that fit their columns
 * without pinned ones (campaign lists, relay indicators); elsewhere the floor widens the table under a pinned column.
 */
export function withTitleMinWidth<T>(c: ColumnType<T>): ColumnType<T> {
  if (typeof c.title !== 'string' || !c.title) return c;
  // 'Delivered/day' may wrap after its slash, never inside a word.
  const words = c.title.split(/\s+|(?<=\/)/);
  const longest = Math.max(...words.map((w) => w.length));
  const minWidth = Math.max(64, Math.ceil(longest * 9) + 18) + (c.sorter ? 22 : 0);
  const onCell = c.onCell;
  const parts = c.title.split(/(?<=\/)/);
  return {
    ...c,
    title:
      parts.length > 1
        ? parts.map((p, i) => (
            <Fragment key={i}>
              {i > 0 && <wbr />}
              {p}
            </Fragment>
          ))
        : c.title,
    onCell: (row, i) => {
      const own = onCell?.(row, i) ?? {};
      return { ...own, style: { minWidth, ...own.style } };
    },
  };
}

/** withTitleMinWidth on every column. */
export const withTitleMinWidths = <T,>(columns: ColumnType<T>[]): ColumnType<T>[] => columns.map(withTitleMinWidth);

export function ownerColumn<T extends { user: { username: string } }>(
  isAdmin: boolean,
  sortable = true,
): ColumnType<T>[] {
  return isAdmin ? [{ title: 'Owner', key: 'user', sorter: sortable, render: (_, row) => row.user.username }] : [];
}

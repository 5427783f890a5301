// @ts-nocheck
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@console/shared/hydra';
import type { Query } from '@/lib/http.ts';

export type SortDir = 'asc' | 'desc';
export interface SortOrder {
  field: string;
  dir: SortDir;
}
export type FilterValue = string | number | undefined;
export type Filters = Record<string, FilterValue>;

export interface TableState {
  page: number;
  pageSize: number;
  order?: SortOrder;
}

/** A table's paging and sorting as the address holds them, and how to change them (`useCollectionParams().table`). */
export interface TableBinding extends TableState {
  onChange: (next: TableState) => void;
}

const RESERVED = new Set(['page', 'perPage', 'sort', 'dir']);

/**
 * The paging, sorting and filters of a list screen, kept in the address bar (so reload, back and shared
 * links keep them) and turned into the API's query: `_page`, `itemsPerPage`, `order[field]`, filters by
 * their API keys (`name`, `user.id`, `archive[exists]`).
 */
export function useCollectionParams(opts: { pageSize?: number; filters?: Filters; order?: SortOrder } = {}) {
  const [search, setSearch] = useSearchParams();
  const defaultSize = opts.pageSize ?? DEFAULT_PAGE_SIZE;
  const defaults = useRef(opts.filters ?? {});

  const state = useMemo(() => {
    const filters: Filters = { ...opts.filters };
    for (const [key, value] of search) {
      if (!RESERVED.has(key)) filters[key] = /^\d+$/.test(value) ? Number(value) : value;
    }
    const sort = search.get('sort');
    const order: SortOrder | undefined = sort
      ? { field: sort, dir: search.get('dir') === 'desc' ? 'desc' : 'asc' }
      : opts.order;
    return {
      page: Math.max(1, Number(search.get('page')) || 1),
      pageSize: Number(search.get('perPage')) || defaultSize,
      order,
      filters,
    };
    // opts.filters/order are the screen's defaults; reading them once per address change is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, defaultSize]);

  const write = useCallback(
    (next: TableState & { filters: Filters }) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(next.filters)) {
        if (RESERVED.has(key)) continue;
        const blank = value === undefined || value === '';
        // A blank choice over a non-blank default (All over Current) is kept as `key=`, or the default returns.
        if (!blank) params.set(key, String(value));
        else if (defaults.current[key] !== undefined && defaults.current[key] !== '') params.set(key, '');
      }
      if (next.page > 1) params.set('page', String(next.page));
      if (next.pageSize !== defaultSize) params.set('perPage', String(next.pageSize));
      if (next.order) {
        params.set('sort', next.order.field);
        params.set('dir', next.order.dir);
      }
      setSearch(params);
    },
    [setSearch, defaultSize],
  );

  const query: Query = {
    _page: state.page,
    itemsPerPage: state.pageSize,
    ...(state.order ? { [`order[${state.order.field}]`]: state.order.dir } : {}),
    ...state.filters,
  };

  return {
    ...state,
    /** The API query for the list call. */
    query,
    /** New filters start again at page 1. */
    setFilters: (filters: Filters) => write({ ...state, filters, page: 1 }),
    /** Spread onto <DataTable /> (or pass with the query through `listTable`). */
    table: {
      page: state.page,
      pageSize: state.pageSize,
      order: state.order,
      onChange: (next: TableState) => write({ ...next, filters: state.filters }),
    } satisfies TableBinding as TableBinding,
  };
}

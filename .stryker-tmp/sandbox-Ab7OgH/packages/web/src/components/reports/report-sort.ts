// @ts-nocheck
import type { SortOrder } from 'antd/es/table/interface';

/**
 * Report tables' sorting: a column not sorted yet starts descending (the largest figures first), the
 * sorted column toggles, and a sort is never cleared (antd takes the entry after the current one). Spread
 * into a sortable column: `{ title, key, ...REPORT_SORT }` (DataTable sorts on the server by the key).
 */
export const REPORT_SORT = { sorter: true as const, sortDirections: ['descend', 'ascend', 'descend'] as SortOrder[] };

/** A count as the reports show it: 12,345. */
export const reportCount = (n: number | null | undefined) => (n ?? 0).toLocaleString('en-US');

import type { ColumnType } from 'antd/es/table/interface';
import type { RelayFigures } from '@console/shared/pmta-relays-report';
import { money } from '@console/shared/reports';

/** Report tables: a new column starts descending, then toggles (never back to unsorted), spec 3 §4. */
export const REPORT_SORT: { sorter: true; sortDirections: ('descend' | 'ascend')[] } = {
  sorter: true,
  sortDirections: ['descend', 'ascend', 'descend'],
};

export const count = (n: number) => n.toLocaleString('en-US');

/** The figures' columns in the spec's order: titles, keys and how each reads (profit in cents / 100). */
export const FIGURES: { title: string; key: keyof RelayFigures; show: (n: number) => string }[] = [
  { title: 'Delivered', key: 'delivered', show: count },
  { title: 'Bounced', key: 'bounced', show: count },
  // Of the bounces, the relay's or the message's, never the recipient's (decision 1362).
  { title: 'Infra bounces', key: 'infraBounces', show: count },
  // Complaints (decision 1390): their rate over delivered is what Gmail and the pauses judge.
  { title: 'Complaints', key: 'complaints', show: count },
  { title: 'Views', key: 'views', show: count },
  { title: 'Clicks', key: 'clicks', show: count },
  { title: 'Conv', key: 'conversions', show: count },
  { title: 'Profit', key: 'profit', show: money },
];

/** Delivered, Bounced, Infra bounces, Views, Clicks, Conv, Profit, right-aligned; sortable on the server or not. */
export const figureColumns = <T extends RelayFigures>(sortable: boolean): ColumnType<T>[] =>
  FIGURES.map(({ title, key, show }) => ({
    title,
    key,
    align: 'right',
    ...(sortable ? REPORT_SORT : {}),
    render: (_, r) => show(r[key]),
  }));

import { theme } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import type { HydraCollection } from '@console/shared/hydra';
import {
  PROFIT_PER_DAY_DECIMALS,
  indicatorHighlighted,
  type RelayIndicator,
} from '@console/shared/pmta-relay-indicators';
import { ReportTexts } from '@console/shared/reports';
import { DataTable, type ListTableProps, withTitleMinWidth } from '@/components/data-table.tsx';

/** A figure never breaks inside itself ('123,456 .78'). */
const whole = (text: string | number) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
const num = (v: number, digits = 2) =>
  whole(v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }));
const money = (cents: number) => num(cents / 100);
const right = { align: 'right' as const, sorter: true };

/** The indicators' columns (keys = the API's order keys); highlighted rows as spec 3 says. */
export function IndicatorsTable(props: ListTableProps<HydraCollection<RelayIndicator>>) {
  const { token } = theme.useToken();
  const columns: ColumnType<RelayIndicator>[] = [
    { title: 'ID', key: 'pmtaRelay.id', sorter: true, fixed: 'left', render: (_, r) => r.pmtaRelay.id },
    {
      title: 'SMTP Host',
      key: 'pmtaRelay.smtpHost',
      sorter: true,
      fixed: 'left',
      render: (_, r) => r.pmtaRelay.smtpHost,
    },
    // An address never breaks inside itself ('127.0 .0.7').
    {
      title: 'IP',
      key: 'pmtaRelay.ip',
      sorter: true,
      render: (_, r) => whole(r.pmtaRelay.ip),
    },
    { title: 'Group', key: 'pmtaRelay.group.name', sorter: true, render: (_, r) => r.pmtaRelay.group.name },
    { title: 'Type', key: 'type', render: (_, r) => (r.pmtaRelay.pmtaServer.isVps ? 'VPS' : 'Net') },
    {
      title: 'Mail Service',
      key: 'mailProvider.name',
      sorter: true,
      render: (_, r) => r.mailProvider?.name ?? 'All services',
    },
    { title: 'Age', key: 'age', ...right, render: (_, r) => whole(r.age) },
    { title: 'Delivered/day', key: 'deliveredPerDay', ...right, render: (_, r) => num(r.deliveredPerDay) },
    { title: 'Bounced/day', key: 'bouncedPerDay', ...right, render: (_, r) => num(r.bouncedPerDay) },
    { title: 'Conv/day', key: 'conversionPerDay', ...right, render: (_, r) => num(r.conversionPerDay) },
    { title: 'Profit 90', key: 'profit90', ...right, render: (_, r) => money(r.profit90) },
    { title: 'Profit 60', key: 'profit60', ...right, render: (_, r) => money(r.profit60) },
    { title: 'Profit 30', key: 'profit30', ...right, render: (_, r) => money(r.profit30) },
    { title: 'Conv 90', key: 'conv90', ...right, render: (_, r) => whole(r.conv90) },
    { title: 'Conv 60', key: 'conv60', ...right, render: (_, r) => whole(r.conv60) },
    { title: 'Conv 30', key: 'conv30', ...right, render: (_, r) => whole(r.conv30) },
    {
      title: 'Profit/day',
      key: 'profitPerDay',
      ...right,
      fixed: 'right',
      render: (_, r) => whole(r.profitPerDay.toFixed(PROFIT_PER_DAY_DECIMALS)),
    },
  ];
  return (
    <DataTable<RelayIndicator>
      {...props}
      size="small"
      // The highlight on every cell: the pinned columns paint their own background over the row's. No
      // column narrower than its title's longest word ('I D', 'Prof it/da y').
      columns={columns.map((c) =>
        withTitleMinWidth({
          ...c,
          onCell: (r: RelayIndicator) => (indicatorHighlighted(r) ? { style: { background: token.colorErrorBg } } : {}),
        }),
      )}
      emptyText={ReportTexts.nothing}
      onRow={(r) => {
        const marked = indicatorHighlighted(r);
        return { 'data-highlighted': marked ? 'true' : undefined } as React.HTMLAttributes<HTMLElement>;
      }}
    />
  );
}

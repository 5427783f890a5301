// @ts-nocheck
import { Table, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { PROFIT_PERIODS, ProfitPeriodLabels, type HomeProfit, type ProfitPeriod } from '@console/shared/home';
import { money } from '@console/shared/reports';

interface Row {
  period: ProfitPeriod;
  this: number;
  last: number;
  diff: number | null;
  thisRange: { from: string; to: string };
  lastRange: { from: string; to: string };
}

const span = (r: { from: string; to: string }) => (r.from === r.to ? r.from : `${r.from} – ${r.to}`);

function Amount({ cents, range }: { cents: number; range: { from: string; to: string } }) {
  return (
    <Tooltip title={`${span(range)} (UTC)`}>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{money(cents)}</span>
    </Tooltip>
  );
}

/** The daily dynamic: green with an up arrow when it grew, red with a down arrow when it fell. */
export function Dynamic({ value }: { value: number | null }) {
  if (value === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const text = `${value.toFixed(2)}%`;
  if (value > 0)
    return (
      <Typography.Text type="success" data-trend="up">
        <ArrowUpOutlined /> {text}
      </Typography.Text>
    );
  if (value < 0)
    return (
      <Typography.Text type="danger" data-trend="down">
        <ArrowDownOutlined /> {text}
      </Typography.Text>
    );
  return <Typography.Text>{text}</Typography.Text>;
}

/** Rows Month, Week, Day; columns This period, Last period, Dynamic % (spec 3 "Home"). */
export function ProfitTable({ profit, loading }: { profit: HomeProfit | undefined; loading: boolean }) {
  const rows: Row[] = profit
    ? PROFIT_PERIODS.map((p) => ({
        period: p,
        this: profit.data.this[p],
        last: profit.data.last[p],
        diff: profit.data.diff[p],
        thisRange: profit.periods.this[p],
        lastRange: profit.periods.last[p],
      }))
    : [];
  return (
    <Table<Row>
      rowKey="period"
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: 'Period', key: 'period', render: (_, r) => <strong>{ProfitPeriodLabels[r.period]}</strong> },
        {
          title: 'This period',
          key: 'this',
          align: 'right',
          render: (_, r) => <Amount cents={r.this} range={r.thisRange} />,
        },
        {
          title: 'Last period',
          key: 'last',
          align: 'right',
          render: (_, r) => <Amount cents={r.last} range={r.lastRange} />,
        },
        { title: 'Dynamic %', key: 'diff', align: 'right', render: (_, r) => <Dynamic value={r.diff} /> },
      ]}
    />
  );
}

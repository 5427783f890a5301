// @ts-nocheck
import { Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { RelaysCountRow } from '@console/shared/dashboard';
import { ReportTexts } from '@console/shared/reports';
import { EmptyState } from '@/components/empty-state.tsx';

type CountKey = Exclude<keyof RelaysCountRow, 'group'>;
const GROUPS: { title: string; net: CountKey; vps: CountKey }[] = [
  { title: 'Total Relay', net: 'totalNet', vps: 'totalVps' },
  { title: 'Neutral + Good', net: 'goodNet', vps: 'goodVps' },
  { title: 'Poor', net: 'badNet', vps: 'badVps' },
];
const KEYS = GROUPS.flatMap((g) => [g.net, g.vps]);

const columns: ColumnsType<RelaysCountRow> = [
  { title: 'Group', key: 'group', render: (_, r) => r.group.name, ellipsis: true },
  ...GROUPS.map((g) => ({
    title: g.title,
    key: g.title,
    children: [
      { title: 'Net', dataIndex: g.net, key: g.net, align: 'right' as const, width: 90 },
      { title: 'VPS', dataIndex: g.vps, key: g.vps, align: 'right' as const, width: 90 },
    ],
  })),
];

/** The PMTA relay groups with their relays by rating (Total, Neutral + Good, Poor), each Net and VPS. */
export function RelayGroupsTable({ rows, loading }: { rows: RelaysCountRow[] | undefined; loading: boolean }) {
  return (
    <Card title="PMTA relay groups" data-testid="relay-groups">
      <Table<RelaysCountRow>
        rowKey={(r) => r.group.id}
        columns={columns}
        dataSource={rows}
        loading={loading && !rows}
        pagination={false}
        bordered
        size="small"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState description={ReportTexts.nothing} /> }}
        summary={(data) =>
          data.length > 1 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>Total</Typography.Text>
              </Table.Summary.Cell>
              {KEYS.map((k, i) => (
                <Table.Summary.Cell key={k} index={i + 1} align="right">
                  <Typography.Text strong>{data.reduce((s, r) => s + r[k], 0)}</Typography.Text>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}

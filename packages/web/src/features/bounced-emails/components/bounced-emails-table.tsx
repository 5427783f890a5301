import { Button, Tag, Typography } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { BouncedEmailMessages as M, type BouncedEmail } from '@console/shared/bounced-emails';
import type { HydraCollection } from '@console/shared/hydra';
import { DataTable, type ListTableProps, type Selection } from '@/components/data-table.tsx';
import { dayjs } from '@/lib/dayjs.ts';

export interface BouncedEmailsTableProps extends ListTableProps<HydraCollection<BouncedEmail>> {
  selection: Selection<BouncedEmail>;
  onLift: (row: BouncedEmail) => void;
}

const at = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/**
 * The bounced addresses: the last bounce first. The table fits 1000 px without scrolling sideways: the
 * reason and the diagnostic share a cell, so do the first and last bounce, and the campaign and the relay.
 */
export function BouncedEmailsTable({ selection, onLift, ...table }: BouncedEmailsTableProps) {
  return (
    <DataTable<BouncedEmail>
      {...table}
      emptyText={M.empty}
      selection={{ ...selection, label: (r) => r.email }}
      // Fixed layout: the widths below hold and long texts end in '…' (with a tooltip) instead of pushing
      // the table sideways; the reason column takes what the screen leaves.
      tableLayout="fixed"
      scroll={{ x: 820 }}
      columns={[
        { title: 'E-mail', dataIndex: 'email', key: 'email', width: 180, sorter: true, ellipsis: true },
        {
          title: 'Reason',
          key: 'reason',
          render: (_, r) => (
            <>
              <Tag color="red">{r.reason}</Tag>
              <Typography.Text type="secondary" style={{ display: 'block' }} ellipsis={{ tooltip: r.diagnostic }}>
                {r.diagnostic ?? '—'}
              </Typography.Text>
            </>
          ),
        },
        { title: 'Bounces', dataIndex: 'count', key: 'count', width: 105, sorter: true, align: 'right' },
        {
          title: 'Last bounce',
          key: 'lastBounceAt',
          width: 140,
          sorter: true,
          render: (_, r) => (
            <>
              <div>{at(r.lastBounceAt)}</div>
              {r.count > 1 && <Typography.Text type="secondary">first {at(r.firstBounceAt)}</Typography.Text>}
            </>
          ),
        },
        {
          title: 'Campaign / relay',
          key: 'campaign',
          width: 140,
          ellipsis: true,
          render: (_, r) =>
            r.campaign || r.relay ? (
              // Each line cut with an ellipsis, the whole name on hover (issue 38: names were clipped bare).
              <>
                <Typography.Text ellipsis={{ tooltip: r.campaign?.name }} style={{ display: 'block' }}>
                  {r.campaign?.name ?? '—'}
                </Typography.Text>
                <Typography.Text type="secondary" ellipsis={{ tooltip: r.relay?.name }} style={{ display: 'block' }}>
                  {r.relay?.name ?? '—'}
                </Typography.Text>
              </>
            ) : (
              '—'
            ),
        },
        {
          title: 'Actions',
          key: 'actions',
          width: 90,
          render: (_, r) => (
            <Button
              size="small"
              icon={<UndoOutlined />}
              aria-label={`Lift e-mail ${r.email}`}
              onClick={() => onLift(r)}
            >
              Lift
            </Button>
          ),
        },
      ]}
    />
  );
}

import { Tag, Typography } from 'antd';
import { BouncedEmailMessages as M, type BouncedEmail } from '@console/shared/bounced-emails';
import type { HydraCollection } from '@console/shared/hydra';
import { DataTable, type ListTableProps, type Selection } from '@/components/data-table.tsx';
import { campaignRelayColumn, lastAndFirstColumn, liftColumn } from '@/components/suppression-list.tsx';

export interface BouncedEmailsTableProps extends ListTableProps<HydraCollection<BouncedEmail>> {
  selection: Selection<BouncedEmail>;
  onLift: (row: BouncedEmail) => void;
}

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
        lastAndFirstColumn<BouncedEmail>(
          'Last bounce',
          'lastBounceAt',
          (r) => r.lastBounceAt,
          (r) => r.firstBounceAt,
        ),
        campaignRelayColumn<BouncedEmail>(),
        liftColumn<BouncedEmail>(onLift),
      ]}
    />
  );
}

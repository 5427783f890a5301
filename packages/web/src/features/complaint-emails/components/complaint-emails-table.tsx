import { Tag, Typography } from 'antd';
import { ComplaintEmailMessages as M, type ComplaintEmail } from '@console/shared/complaint-emails';
import type { HydraCollection } from '@console/shared/hydra';
import { DataTable, type ListTableProps, type Selection } from '@/components/data-table.tsx';
import { campaignRelayColumn, lastAndFirstColumn, liftColumn } from '@/components/suppression-list.tsx';

export interface ComplaintEmailsTableProps extends ListTableProps<HydraCollection<ComplaintEmail>> {
  selection: Selection<ComplaintEmail>;
  onLift: (row: ComplaintEmail) => void;
}

const SOURCE = { pmta: 'PMTA record', report: 'ARF report' } as Record<string, string>;

/**
 * The addresses that complained, per owner: the last complaint first. Fits 1000 px like Bounced Emails:
 * owner and source share a cell, so do first and last complaint, and the campaign and the relay.
 */
export function ComplaintEmailsTable({ selection, onLift, ...table }: ComplaintEmailsTableProps) {
  return (
    <DataTable<ComplaintEmail>
      {...table}
      emptyText={M.empty}
      selection={{ ...selection, label: (r) => r.email }}
      tableLayout="fixed"
      scroll={{ x: 820 }}
      columns={[
        { title: 'E-mail', dataIndex: 'email', key: 'email', sorter: true, ellipsis: true },
        {
          title: 'Owner / source',
          key: 'user',
          width: 150, // the title and its sort arrow whole
          sorter: true,
          ellipsis: true,
          render: (_, r) => (
            <>
              <Typography.Text ellipsis={{ tooltip: r.user.username }} style={{ display: 'block' }}>
                {r.user.username}
              </Typography.Text>
              <Tag color="volcano">{SOURCE[r.source] ?? r.source}</Tag>
            </>
          ),
        },
        { title: 'Complaints', dataIndex: 'count', key: 'count', width: 110, sorter: true, align: 'right' },
        lastAndFirstColumn<ComplaintEmail>(
          'Last complaint',
          'lastComplaintAt',
          (r) => r.lastComplaintAt,
          (r) => r.firstComplaintAt,
        ),
        campaignRelayColumn<ComplaintEmail>(),
        liftColumn<ComplaintEmail>(onLift),
      ]}
    />
  );
}

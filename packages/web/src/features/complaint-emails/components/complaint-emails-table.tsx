import { Button, Tag, Typography } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { ComplaintEmailMessages as M, type ComplaintEmail } from '@console/shared/complaint-emails';
import type { HydraCollection } from '@console/shared/hydra';
import { DataTable, type ListTableProps, type Selection } from '@/components/data-table.tsx';
import { dayjs } from '@/lib/dayjs.ts';

export interface ComplaintEmailsTableProps extends ListTableProps<HydraCollection<ComplaintEmail>> {
  selection: Selection<ComplaintEmail>;
  onLift: (row: ComplaintEmail) => void;
}

const at = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
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
          width: 130,
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
        {
          title: 'Last complaint',
          key: 'lastComplaintAt',
          width: 140,
          sorter: true,
          render: (_, r) => (
            <>
              <div>{at(r.lastComplaintAt)}</div>
              {r.count > 1 && <Typography.Text type="secondary">first {at(r.firstComplaintAt)}</Typography.Text>}
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

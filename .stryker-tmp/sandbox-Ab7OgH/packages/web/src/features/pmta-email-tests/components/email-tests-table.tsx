// @ts-nocheck
import { Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table/interface';
import { formatSchedule } from '@console/shared/campaigns';
import type { HydraCollection } from '@console/shared/hydra';
import { PmtaEmailTestMessages as M, type PmtaEmailTest } from '@console/shared/pmta-email-tests';
import { DataTable, type ListTableProps, ownerColumn } from '@/components/data-table.tsx';
import { LinkButton } from '@/components/row-actions.tsx';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { StatusTag } from './status-tag.tsx';

export interface EmailTestsTableProps extends ListTableProps<HydraCollection<PmtaEmailTest>> {
  statuses: string[] | undefined;
}

/** ID, Date, E-mail, Sender, Relay, Message, Offer, Status, Reason, Owner (admin), Clone; sortable columns. */
export function EmailTestsTable({ statuses, ...props }: EmailTestsTableProps) {
  const isAdmin = useIsAdmin();
  const columns: ColumnType<PmtaEmailTest>[] = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 70, sorter: true },
    {
      title: 'Date',
      key: 'date',
      sorter: true,
      render: (_, e) => <span title="UTC">{formatSchedule(e.date)}</span>,
    },
    { title: 'E-mail', key: 'email', sorter: true, render: (_, e) => e.email },
    { title: 'Sender', key: 'sender', sorter: true, render: (_, e) => e.sender },
    { title: 'Relay', key: 'pmtaRelay', sorter: true, render: (_, e) => e.pmtaRelay.smtpHost },
    { title: 'Message', key: 'message', sorter: true, render: (_, e) => e.message.name },
    { title: 'Offer', key: 'offer', sorter: true, render: (_, e) => e.offer.name },
    {
      title: 'Status',
      key: 'status',
      sorter: true,
      render: (_, e) => <StatusTag status={e.status} labels={statuses} />,
    },
    {
      title: 'Reason',
      key: 'reason',
      render: (_, e) => (
        <Typography.Text type="secondary" style={{ maxWidth: 320 }} ellipsis={{ tooltip: e.reason }}>
          {e.reason ?? ''}
        </Typography.Text>
      ),
    },
    ...ownerColumn<PmtaEmailTest>(isAdmin),
    {
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      render: (_, e) => (
        <LinkButton
          to={`${href('pmtaEmailTestCreate')}?cloneId=${e.id}`}
          icon={<CopyOutlined />}
          label={`Clone e-mail test ${e.id}`}
        >
          Clone
        </LinkButton>
      ),
    },
  ];
  return <DataTable<PmtaEmailTest> {...props} size="small" emptyText={M.empty} columns={columns} />;
}

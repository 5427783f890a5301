import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { FileSearchOutlined, SyncOutlined } from '@ant-design/icons';
import type { HydraCollection } from '@console/shared/hydra';
import type { BounceMailbox } from '@console/shared/bounce-mailboxes';
import { confirmDelete, toast } from '@/components/feedback.tsx';
import { DataTable, withTitleMinWidths, type ListTableProps, ownerColumn } from '@/components/data-table.tsx';
import { DeleteButton, EditButton, LinkButton } from '@/components/row-actions.tsx';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useCheckBounceMailbox, useDeleteBounceMailbox } from '../api/bounce-mailboxes.ts';

/** The mailbox's state: off, its last check's error, never checked, or fine. */
function State({ m }: { m: BounceMailbox }) {
  if (!m.active) return <Tag>Off</Tag>;
  if (m.error)
    return (
      <Space direction="vertical" size={2}>
        <Tag color="error">Error</Tag>
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {m.error}
        </Typography.Text>
      </Space>
    );
  if (!m.checkedAt) return <Tag color="processing">Not checked yet</Tag>;
  return <Tag color="success">OK</Tag>;
}

/** Name, Mailbox (user@host:port, security, folder), State, Last check, Read / Bounces / Complaints / Unmatched. */
export function BounceMailboxesTable(props: ListTableProps<HydraCollection<BounceMailbox>>) {
  const isAdmin = useIsAdmin();
  const remove = useDeleteBounceMailbox();
  const check = useCheckBounceMailbox();
  const askDelete = (m: BounceMailbox) =>
    confirmDelete(
      `Mailbox #${m.id} ${m.name} and the reports read from it will be removed from the console (the mailbox itself is not touched).`,
      () => remove.mutateAsync(m.id),
    );
  const checkNow = (m: BounceMailbox) => check.mutate(m.id, { onSuccess: (r) => toast.success(r.message) });

  return (
    <DataTable<BounceMailbox>
      {...props}
      emptyText="No bounce mailbox yet: add the mailbox your SMTP servers send their bounces to."
      columns={withTitleMinWidths([
        { title: 'ID', dataIndex: 'id', key: 'id', width: 70, sorter: true },
        { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
        {
          title: 'Mailbox',
          key: 'host',
          sorter: true,
          render: (_, m) => (
            <Space direction="vertical" size={0}>
              <span>{`${m.username}@${m.host}:${m.port}`}</span>
              <Space size={4}>
                <Tag>{m.security.toUpperCase()}</Tag>
                <Typography.Text type="secondary">{m.folder}</Typography.Text>
              </Space>
            </Space>
          ),
        },
        { title: 'State', key: 'state', render: (_, m) => <State m={m} /> },
        {
          title: 'Last check',
          key: 'checkedAt',
          sorter: true,
          render: (_, m) => (m.checkedAt ? new Date(m.checkedAt).toLocaleString() : 'Never'),
        },
        { title: 'Read', key: 'readCount', align: 'right', render: (_, m) => m.readCount },
        { title: 'Bounces', key: 'bouncesCount', align: 'right', render: (_, m) => m.bouncesCount },
        { title: 'Complaints', key: 'complaintsCount', align: 'right', render: (_, m) => m.complaintsCount },
        { title: 'Unmatched', key: 'unmatchedCount', align: 'right', render: (_, m) => m.unmatchedCount },
        ...ownerColumn<BounceMailbox>(isAdmin),
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          render: (_, m) => (
            <Space size="small" wrap>
              <Tooltip title="Read the new reports now">
                <Button
                  size="small"
                  icon={<SyncOutlined />}
                  aria-label={`Check mailbox ${m.name} now`}
                  onClick={() => checkNow(m)}
                >
                  Check now
                </Button>
              </Tooltip>
              <LinkButton
                to={`${href('bounceReports')}?mailbox=${m.id}`}
                icon={<FileSearchOutlined />}
                label={`Reports of mailbox ${m.name}`}
              >
                Reports
              </LinkButton>
              <EditButton to={href('bounceMailboxEdit', { id: m.id })} label={`Edit mailbox ${m.name}`} />
              <DeleteButton label={`Delete mailbox ${m.name}`} onClick={() => void askDelete(m)} />
            </Space>
          ),
        },
      ])}
    />
  );
}

// @ts-nocheck
import { Button, Space, Tag } from 'antd';
import { EyeOutlined, InboxOutlined } from '@ant-design/icons';
import type { HydraCollection } from '@console/shared/hydra';
import { MessageMessages as M, type MessageListRow } from '@console/shared/messages';
import { DataTable, type ListTableProps, ownerColumn } from '@/components/data-table.tsx';
import { confirm, toast } from '@/components/feedback.tsx';
import { EditButton } from '@/components/row-actions.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { previewMessage, useArchiveMessage } from '../api/messages.ts';
import { showPreview } from '@/components/preview-window.ts';

export interface MessagesTableProps extends ListTableProps<HydraCollection<MessageListRow>> {
  /** The Archive date column: when the archive filter is not Current. */
  showArchiveDate: boolean;
}

/** ID, Name, Subject, Owner (admin), Archive date, Actions: Edit, Preview, Archive (current messages). */
export function MessagesTable({ showArchiveDate, ...props }: MessagesTableProps) {
  const isAdmin = useIsAdmin();
  const archive = useArchiveMessage();
  const askArchive = (m: MessageListRow) =>
    confirm({
      title: M.archiveConfirm,
      content: `Message #${m.id} ${m.name}. It cannot be restored.`,
      okText: 'Archive',
      onOk: () => archive.mutateAsync(m.id),
      errorPrefix: 'Failed: ',
    }).then((ok) => ok && toast.success(M.archived));

  return (
    <DataTable<MessageListRow>
      {...props}
      emptyText="Nothing to show."
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
        {
          title: 'Name',
          key: 'name',
          sorter: true,
          render: (_, m) => (
            <Space size={6}>
              {m.name}
              {m.archive && <Tag variant="filled">Archived</Tag>}
            </Space>
          ),
        },
        { title: 'Subject', dataIndex: 'subject', key: 'subject', sorter: true, ellipsis: true },
        ...ownerColumn<MessageListRow>(isAdmin),
        ...(showArchiveDate
          ? [
              {
                title: 'Archive date',
                key: 'archive',
                sorter: true,
                render: (_: unknown, m: MessageListRow) => (m.archive ? dayjs(m.archive).format('YYYY-MM-DD') : ''),
              },
            ]
          : []),
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          width: 260,
          render: (_, m) => (
            <Space size="small">
              {!m.archive && <EditButton to={href('messageEdit', { id: m.id })} label={`Edit message ${m.name}`} />}
              <Button
                size="small"
                icon={<EyeOutlined />}
                aria-label={`Preview message ${m.name}`}
                onClick={() => void showPreview(() => previewMessage({ id: m.id }))}
              >
                Preview
              </Button>
              {!m.archive && (
                <Button
                  size="small"
                  icon={<InboxOutlined />}
                  aria-label={`Archive message ${m.name}`}
                  onClick={() => void askArchive(m)}
                >
                  Archive
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}

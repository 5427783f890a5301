import { Space, Typography } from 'antd';
import type { HydraCollection } from '@console/shared/hydra';
import { TagMessages as M, type Tag } from '@console/shared/tags';
import { DataTable, type ListTableProps } from '@/components/data-table.tsx';
import { confirm, toast } from '@/components/feedback.tsx';
import { DeleteButton, EditButton } from '@/components/row-actions.tsx';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useDeleteTag } from '../api/tags.ts';

/** ID, Name, Values (a glimpse), Owner (admin), Actions Edit and Delete. */
export function TagsTable(props: ListTableProps<HydraCollection<Tag>>) {
  const isAdmin = useIsAdmin();
  const remove = useDeleteTag();
  const askDelete = (tag: Tag) =>
    confirm({
      title: M.deleteConfirm,
      content: `Tag {${tag.name}}: messages that use it will show it as written.`,
      okText: 'Confirm',
      danger: true,
      onOk: () => remove.mutateAsync(tag.id),
      errorPrefix: 'Delete failed: ',
    }).then((ok) => ok && toast.success(M.deleted));

  return (
    <DataTable<Tag>
      {...props}
      emptyText="Nothing to show."
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
        {
          title: 'Name',
          key: 'name',
          sorter: true,
          render: (_, tag) => <Typography.Text code>{`{${tag.name}}`}</Typography.Text>,
        },
        {
          title: 'Values',
          key: 'content',
          render: (_, tag) => (
            <Typography.Text type="secondary" ellipsis={{ tooltip: tag.content.join('\n') }} style={{ maxWidth: 420 }}>
              {tag.content.length} · {tag.content.join(' | ')}
            </Typography.Text>
          ),
        },
        ...(isAdmin
          ? [{ title: 'Owner', key: 'user', sorter: true, render: (_: unknown, tag: Tag) => tag.user.username }]
          : []),
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          width: 180,
          render: (_, tag) => (
            <Space size="small">
              <EditButton to={href('tagEdit', { id: tag.id })} label={`Edit tag ${tag.name}`} />
              <DeleteButton label={`Delete tag ${tag.name}`} onClick={() => void askDelete(tag)} />
            </Space>
          ),
        },
      ]}
    />
  );
}

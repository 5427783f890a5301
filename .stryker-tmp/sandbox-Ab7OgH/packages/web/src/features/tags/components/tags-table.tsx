// @ts-nocheck
import { Space, Typography } from 'antd';
import type { HydraCollection } from '@console/shared/hydra';
import { type Tag } from '@console/shared/tags';
import { DataTable, type ListTableProps, ownerColumn } from '@/components/data-table.tsx';
import { confirmDelete } from '@/components/feedback.tsx';
import { DeleteButton, EditButton } from '@/components/row-actions.tsx';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useDeleteTag } from '../api/tags.ts';

/** ID, Name, Values (a glimpse), Owner (admin), Actions Edit and Delete. */
export function TagsTable(props: ListTableProps<HydraCollection<Tag>>) {
  const isAdmin = useIsAdmin();
  const remove = useDeleteTag();
  const askDelete = (tag: Tag) =>
    confirmDelete(
      `Tag {${tag.name}}: messages that use it will show it as written.`,
      () => remove.mutateAsync(tag.id),
      'Delete failed: ',
    );

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
        ...ownerColumn<Tag>(isAdmin),
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

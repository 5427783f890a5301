// @ts-nocheck
import { Space, Typography } from 'antd';
import type { HydraCollection } from '@console/shared/hydra';
import { LINK_TYPE_LABELS } from '@console/shared/link-groups';
import { type Link } from '@console/shared/links';
import { DataTable, type ListTableProps, ownerColumn } from '@/components/data-table.tsx';
import { confirmDelete } from '@/components/feedback.tsx';
import { DeleteButton, EditButton } from '@/components/row-actions.tsx';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useDeleteLink } from '../api/links.ts';

/** ID, Group, URL, Owner (admin), Actions Edit and Delete. */
export function LinksTable(props: ListTableProps<HydraCollection<Link>>) {
  const isAdmin = useIsAdmin();
  const remove = useDeleteLink();
  const askDelete = (l: Link) => confirmDelete(l.url, () => remove.mutateAsync(l.id), 'Delete failed: ');

  return (
    <DataTable<Link>
      {...props}
      emptyText="Nothing to show."
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
        {
          title: 'Group',
          key: 'group.name',
          sorter: true,
          render: (_, l) => (
            <Space size={4} direction="vertical">
              {l.group.name}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {LINK_TYPE_LABELS[l.group.type]}
              </Typography.Text>
            </Space>
          ),
        },
        {
          title: 'URL',
          key: 'url',
          sorter: true,
          render: (_, l) => (
            <Typography.Text code ellipsis={{ tooltip: l.url }} style={{ maxWidth: 520 }}>
              {l.url}
            </Typography.Text>
          ),
        },
        ...ownerColumn<Link>(isAdmin),
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          width: 180,
          render: (_, l) => (
            <Space size="small">
              <EditButton to={href('linkEdit', { id: l.id })} label={`Edit link ${l.id}`} />
              <DeleteButton label={`Delete link ${l.id}`} onClick={() => void askDelete(l)} />
            </Space>
          ),
        },
      ]}
    />
  );
}

// @ts-nocheck
import { Space, Tag } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import type { HydraCollection } from '@console/shared/hydra';
import { LINK_TYPE_LABELS, type LinkGroup } from '@console/shared/link-groups';
import { DataTable, type ListTableProps, ownerColumn } from '@/components/data-table.tsx';
import { confirmDelete } from '@/components/feedback.tsx';
import { DeleteButton, EditButton, LinkButton } from '@/components/row-actions.tsx';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useDeleteLinkGroup } from '../api/link-groups.ts';

const TYPE_COLORS = { offer: 'blue', unsubscribe: 'orange', pixel: 'purple' } as const;

/** ID, Name, Type, Links, Owner (admin), Actions: Edit, Links (the group's links), Delete. */
export function LinkGroupsTable(props: ListTableProps<HydraCollection<LinkGroup>>) {
  const isAdmin = useIsAdmin();
  const remove = useDeleteLinkGroup();
  const askDelete = (g: LinkGroup) =>
    confirmDelete(
      g.linksCount ? `Group ${g.name} and its ${g.linksCount} link(s).` : `Group ${g.name}.`,
      () => remove.mutateAsync(g.id),
      'Delete failed: ',
    );

  return (
    <DataTable<LinkGroup>
      {...props}
      emptyText="Nothing to show."
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
        { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
        {
          title: 'Type',
          key: 'type',
          sorter: true,
          width: 130,
          render: (_, g) => <Tag color={TYPE_COLORS[g.type]}>{LINK_TYPE_LABELS[g.type]}</Tag>,
        },
        { title: 'Links', key: 'linksCount', width: 80, align: 'right', render: (_, g) => g.linksCount },
        ...ownerColumn<LinkGroup>(isAdmin),
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          width: 270,
          render: (_, g) => (
            <Space size="small">
              <EditButton to={href('linkGroupEdit', { id: g.id })} label={`Edit group ${g.name}`} />
              <LinkButton
                to={href('linkFilter1', { groupId: g.id })}
                icon={<LinkOutlined />}
                label={`Links of group ${g.name}`}
              >
                Links
              </LinkButton>
              <DeleteButton label={`Delete group ${g.name}`} onClick={() => void askDelete(g)} />
            </Space>
          ),
        },
      ]}
    />
  );
}

import { Space, Tag } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import type { HydraCollection } from '@console/shared/hydra';
import { LINK_TYPE_LABELS, LinkGroupMessages as M, type LinkGroup } from '@console/shared/link-groups';
import { DataTable, type ListTableProps } from '@/components/data-table.tsx';
import { confirm, toast } from '@/components/feedback.tsx';
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
    confirm({
      title: M.deleteConfirm,
      content: g.linksCount ? `Group ${g.name} and its ${g.linksCount} link(s).` : `Group ${g.name}.`,
      okText: 'Confirm',
      danger: true,
      onOk: () => remove.mutateAsync(g.id),
      errorPrefix: 'Delete failed: ',
    }).then((ok) => ok && toast.success(M.deleted));

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
        ...(isAdmin
          ? [{ title: 'Owner', key: 'user', sorter: true, render: (_: unknown, g: LinkGroup) => g.user.username }]
          : []),
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

// @ts-nocheck
import { Button, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { HydraCollection } from '@console/shared/hydra';
import type { User } from '@console/shared/users';
import { href } from '@/lib/routes.ts';
import { DataTable, type ListTableProps } from '@/components/data-table.tsx';
import { confirm, toast } from '@/components/feedback.tsx';
import { useSession } from '@/lib/session.ts';
import { useDeleteUser } from '../api/users.ts';
import { ActiveSwitch } from './active-switch.tsx';

export type UsersTableProps = ListTableProps<HydraCollection<User>>;

export function UsersTable(props: UsersTableProps) {
  const remove = useDeleteUser();
  // The server refuses to deactivate or delete the signed-in administrator: the row does not offer it.
  const me = useSession()?.claims.id;
  const askDelete = (user: User) =>
    confirm({
      title: `Delete user ${user.username}?`,
      content: 'The user and everything they own will be removed.',
      okText: 'Delete',
      danger: true,
      onOk: () => remove.mutateAsync(user.id),
    }).then((ok) => ok && toast.success('Deleted successfully!'));

  return (
    <DataTable<User>
      {...props}
      emptyText="No users found."
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
        { title: 'Username', dataIndex: 'username', key: 'username', sorter: true },
        { title: 'Email', dataIndex: 'email', key: 'email', sorter: true },
        { title: 'Email Lists', key: 'emailLists', align: 'right', render: (_, u) => u.emailLists.length },
        {
          title: 'is Active',
          key: 'isActive',
          render: (_, u) => (u.id === me ? <Tag color="green">Yes (you)</Tag> : <ActiveSwitch user={u} />),
        },
        { title: 'Profit Rate (%)', dataIndex: 'profitRate', key: 'profitRate', align: 'right', sorter: true },
        {
          title: 'Manage',
          key: 'manage',
          fixed: 'right',
          render: (_, u) => (
            <Space size="small">
              <Link to={href('usersEdit', { id: u.id })}>
                <Button size="small" icon={<EditOutlined />}>
                  Edit
                </Button>
              </Link>
              {u.id !== me && (
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => void askDelete(u)}>
                  Delete
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}

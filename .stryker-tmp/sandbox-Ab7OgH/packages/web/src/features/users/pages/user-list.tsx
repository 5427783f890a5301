// @ts-nocheck
import { Form, Input } from 'antd';
import { DEFAULT_PAGE_SIZE } from '@console/shared/hydra';
import { href } from '@/lib/routes.ts';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useUsers } from '../api/users.ts';
import { UsersTable } from '../components/users-table.tsx';
import { RegistrationSwitch } from '../components/registration-switch.tsx';

export function UserList() {
  const list = useCollectionParams({ pageSize: DEFAULT_PAGE_SIZE });
  const users = useUsers(list.query);
  return (
    <ListPage
      title="Users"
      create={{ label: 'Create User', to: href('usersCreate') }}
      extra={<RegistrationSwitch />}
      list={list}
      filters={
        <Form.Item name="username">
          <Input placeholder="Username" allowClear aria-label="Username" />
        </Form.Item>
      }
    >
      <UsersTable {...listTable(users, list)} />
    </ListPage>
  );
}

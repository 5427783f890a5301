import { Button, Form, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@console/shared/hydra';
import { href } from '@/lib/routes.ts';
import { FilterBar } from '@/components/filter-bar.tsx';
import { Page } from '@/components/page.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useUsers } from '../api/get-users.ts';
import { UsersTable } from '../components/users-table.tsx';

export function UserList() {
  const list = useCollectionParams({ pageSize: DEFAULT_PAGE_SIZE });
  const users = useUsers(list.query);
  return (
    <Page
      title="Users"
      extra={
        <Link to={href('usersCreate')}>
          <Button type="primary" icon={<PlusOutlined />}>
            Create User
          </Button>
        </Link>
      }
    >
      <FilterBar values={list.filters} onSearch={list.setFilters}>
        <Form.Item name="username">
          <Input placeholder="Username" allowClear aria-label="Username" />
        </Form.Item>
      </FilterBar>
      <UsersTable data={users.data} loading={users.isFetching} {...list.table} />
    </Page>
  );
}

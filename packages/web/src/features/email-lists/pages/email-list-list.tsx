import { Button, Form, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@console/shared/hydra';
import { href } from '@/lib/routes.ts';
import { FilterBar } from '@/components/filter-bar.tsx';
import { Page } from '@/components/page.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { CategorySelect } from '@/components/category-select.tsx';
import { useEmailLists } from '../api/get-email-lists.ts';
import { useMailProviders } from '../api/get-mail-providers.ts';
import { EmailListsTable } from '../components/email-lists-table.tsx';
import { useUploadLive } from '../hooks/use-upload-live.ts';

/** Email Lists: category and name filters, per-provider counts, live upload state. */
export function EmailListList() {
  const isAdmin = useIsAdmin();
  const list = useCollectionParams({ pageSize: DEFAULT_PAGE_SIZE });
  const lists = useEmailLists(list.query);
  const providers = useMailProviders();
  useUploadLive();

  return (
    <Page
      title="Email Lists"
      extra={
        isAdmin && (
          <Link to={href('emailListCreate')}>
            <Button type="primary" icon={<PlusOutlined />}>
              Create Email List
            </Button>
          </Link>
        )
      }
    >
      <FilterBar values={list.filters} onSearch={list.setFilters}>
        <Form.Item name="category">
          <CategorySelect allowClear placeholder="Category" style={{ minWidth: 180 }} />
        </Form.Item>
        <Form.Item name="name">
          <Input placeholder="Name" allowClear aria-label="Name" />
        </Form.Item>
      </FilterBar>
      <EmailListsTable data={lists.data} providers={providers.data ?? []} loading={lists.isFetching} {...list.table} />
    </Page>
  );
}

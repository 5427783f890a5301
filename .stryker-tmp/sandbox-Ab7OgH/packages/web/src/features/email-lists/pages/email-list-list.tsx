// @ts-nocheck
import { Form, Input } from 'antd';
import { DEFAULT_PAGE_SIZE } from '@console/shared/hydra';
import { href } from '@/lib/routes.ts';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { CategorySelect } from '@/components/category-select.tsx';
import { useEmailLists, useMailProviders } from '../api/email-lists.ts';
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
    <ListPage
      title="Email Lists"
      create={isAdmin ? { label: 'Create Email List', to: href('emailListCreate') } : undefined}
      list={list}
      filters={
        <>
          <Form.Item name="category">
            <CategorySelect allowClear placeholder="Category" style={{ minWidth: 180 }} />
          </Form.Item>
          <Form.Item name="name">
            <Input placeholder="Name" allowClear aria-label="Name" />
          </Form.Item>
        </>
      }
    >
      <EmailListsTable {...listTable(lists, list)} providers={providers.data ?? []} />
    </ListPage>
  );
}

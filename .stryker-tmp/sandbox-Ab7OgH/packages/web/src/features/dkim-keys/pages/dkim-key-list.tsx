// @ts-nocheck
import { Form, Input } from 'antd';
import { DKIM_KEYS_PAGE_SIZE } from '@console/shared/dkim-keys';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { href } from '@/lib/routes.ts';
import { useDkimKeys } from '../api/dkim-keys.ts';
import { DkimKeysTable } from '../components/dkim-keys-table.tsx';

/** DKIM keys of the sender domains: search by domain; administrators also by owner. */
export function DkimKeyList() {
  const list = useCollectionParams({ pageSize: DKIM_KEYS_PAGE_SIZE });
  const keys = useDkimKeys(list.query);
  return (
    <ListPage
      title="DKIM Keys"
      create={{ label: 'Add DKIM Key', to: href('dkimKeyCreate') }}
      list={list}
      filters={
        <>
          <Form.Item name="domain">
            <Input placeholder="Domain" allowClear aria-label="Domain search" />
          </Form.Item>
          <OwnerFilter aria-label="Owner" />
        </>
      }
    >
      <DkimKeysTable {...listTable(keys, list)} />
    </ListPage>
  );
}

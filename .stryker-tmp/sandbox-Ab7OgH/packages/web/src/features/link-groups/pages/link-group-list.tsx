// @ts-nocheck
import { Form, Input, Select } from 'antd';
import { LINK_GROUPS_PAGE_SIZE } from '@console/shared/link-groups';
import { TYPE_OPTIONS } from '../link-types.ts';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { href } from '@/lib/routes.ts';
import { useLinkGroups } from '../api/link-groups.ts';
import { LinkGroupsTable } from '../components/link-groups-table.tsx';

/** Link Groups: owner (admin), type and name filters. */
export function LinkGroupList() {
  const list = useCollectionParams({ pageSize: LINK_GROUPS_PAGE_SIZE });
  const groups = useLinkGroups(list.query);
  return (
    <ListPage
      title="Link Groups"
      create={{ label: 'Add Group', to: href('linkGroupCreate') }}
      list={list}
      filters={
        <>
          <OwnerFilter aria-label="Owner" />
          <Form.Item name="type">
            <Select allowClear placeholder="Type" aria-label="Type" options={TYPE_OPTIONS} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="name">
            <Input placeholder="Group name" allowClear aria-label="Group name search" />
          </Form.Item>
        </>
      }
    >
      <LinkGroupsTable {...listTable(groups, list)} />
    </ListPage>
  );
}

// @ts-nocheck
import { Form, Input } from 'antd';
import { TAGS_PAGE_SIZE } from '@console/shared/tags';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { href } from '@/lib/routes.ts';
import { useTags } from '../api/tags.ts';
import { TagsTable } from '../components/tags-table.tsx';

/** Dynamic content: search by name; administrators also by owner. */
export function TagList() {
  const list = useCollectionParams({ pageSize: TAGS_PAGE_SIZE });
  const tags = useTags(list.query);
  return (
    <ListPage
      title="Dynamic content"
      create={{ label: 'Add Tag', to: href('tagCreate') }}
      list={list}
      filters={
        <>
          <Form.Item name="name">
            <Input placeholder="Tag name" allowClear aria-label="Tag name search" />
          </Form.Item>
          <OwnerFilter aria-label="Owner" />
        </>
      }
    >
      <TagsTable {...listTable(tags, list)} />
    </ListPage>
  );
}

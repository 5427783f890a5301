// @ts-nocheck
import { Form, Input } from 'antd';
import { Navigate } from 'react-router';
import { LINKS_PAGE_SIZE } from '@console/shared/links';
import { listTable } from '@/components/data-table.tsx';
import { SelectFilter } from '@/components/filter-bar.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { href } from '@/lib/routes.ts';
import { useLinks } from '../api/links.ts';
import { LinksTable } from '../components/links-table.tsx';

/** Links: Total, owner (admin), group and URL filters; fixed to one group on by_group/{groupId}. */
export function LinkList() {
  const groupId = useRouteId('groupId');
  const list = useCollectionParams({ pageSize: LINKS_PAGE_SIZE });
  const fixed = typeof groupId === 'number' ? { 'group.id': groupId } : {};
  const query = { ...list.query, ...fixed };
  const links = useLinks(query);
  const owner = typeof list.filters['user.id'] === 'number' ? list.filters['user.id'] : undefined;
  const groups = useSelectOptions('/link_groups', { 'user.id': owner });
  if (groupId === 'malformed') return <Navigate to={href('error404')} replace />;

  return (
    <ListPage
      title="Links"
      create={{ label: 'Add Link', to: href('linkCreate') }}
      list={{ filters: { ...list.filters, ...fixed }, setFilters: list.setFilters }}
      filters={
        <>
          <OwnerFilter aria-label="Owner" />
          <SelectFilter name="group.id" label="Group" options={groups.data} fixed={'group.id' in fixed} />
          <Form.Item name="url">
            <Input placeholder="URL" allowClear aria-label="URL search" style={{ width: 260 }} />
          </Form.Item>
        </>
      }
    >
      <LinksTable {...listTable(links, list)} />
    </ListPage>
  );
}

import { Form, Input } from 'antd';
import { RELAY_GROUPS_PAGE_SIZE, type RelayGroupKind } from '@console/shared/relay-groups';
import { ArchiveFilter } from '@/components/archive-filter.tsx';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useRelayGroups } from '../api/relay-groups.ts';
import { RelayGroupsTable } from '../components/relay-groups-table.tsx';
import { kindScreens } from '../kinds.ts';

/** PMTA / SMTP Relay Groups: search by name; administrators also by archive status (default Current) and owner. */
export function RelayGroupList({ kind }: { kind: RelayGroupKind }) {
  const isAdmin = useIsAdmin();
  const screens = kindScreens[kind];
  const list = useCollectionParams({ pageSize: RELAY_GROUPS_PAGE_SIZE, filters: { 'archive[exists]': 'false' } });
  // Others see their current groups: the archive and owner filters are administrators' (spec 2).
  const query = isAdmin ? list.query : { ...list.query, 'user.id': undefined, 'archive[exists]': 'false' };
  const groups = useRelayGroups(kind, query);
  return (
    <ListPage
      title={`${screens.label} Relay Groups`}
      create={{ label: 'Add Group', to: href(screens.create) }}
      list={list}
      filters={
        <>
          <Form.Item name="name">
            <Input placeholder="Group name" allowClear aria-label="Group name" />
          </Form.Item>
          <ArchiveFilter adminOnly labels={{ active: 'Current', archived: 'Archive' }} />
          <OwnerFilter aria-label="Owner" />
        </>
      }
    >
      <RelayGroupsTable
        kind={kind}
        showArchiveDate={isAdmin && list.filters['archive[exists]'] !== 'false'}
        {...listTable(groups, list)}
      />
    </ListPage>
  );
}

import { Form, Input, Select, Typography } from 'antd';
import { Navigate } from 'react-router';
import { PMTA_RELAYS_PAGE_SIZE } from '@console/shared/pmta-relays';
import { SELECT_ALL_MAX, listTable } from '@/components/data-table.tsx';
import { SelectFilter } from '@/components/filter-bar.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { useSelection } from '@/hooks/use-selection.ts';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { href } from '@/lib/routes.ts';
import { getPmtaRelays, usePmtaRelays, usePoorCount } from '../api/pmta-relays.ts';
import { BulkActions } from '../../components/relay-bulk-actions.tsx';
import { PmtaRelaysTable } from '../components/pmta-relays-table.tsx';

const TYPES = [
  { value: '', label: 'All' },
  { value: 'true', label: 'VPS' },
  { value: 'false', label: 'Net' },
];

/**
 * PMTA Relays: owner (admin), type, group, server, SMTP host and description filters; Total and Poor;
 * selection with Move to Group, Change Activity, Delete. On by_server / by_group / by_relay the route's
 * filter is fixed (and its field disabled).
 */
export function PmtaRelayList() {
  const serverId = useRouteId('serverId');
  const groupId = useRouteId('groupId');
  const relayId = useRouteId('relayId');
  const list = useCollectionParams({ pageSize: PMTA_RELAYS_PAGE_SIZE, order: { field: 'id', dir: 'asc' } });
  const fixed = {
    ...(typeof serverId === 'number' && { 'pmtaServer.id': serverId }),
    ...(typeof groupId === 'number' && { 'group.id': groupId }),
    ...(typeof relayId === 'number' && { id: relayId }),
  };
  const query = { ...list.query, ...fixed };
  const relays = usePmtaRelays(query);
  const poor = usePoorCount(query);
  const selection = useSelection<number>(query);
  const owner = typeof list.filters['user.id'] === 'number' ? list.filters['user.id'] : undefined;
  const servers = useSelectOptions('/pmta_servers', { 'user.id': owner });
  const groups = useSelectOptions('/pmta_relay_groups', { 'user.id': owner });
  if ([serverId, groupId, relayId].includes('malformed')) return <Navigate to={href('error404')} replace />;

  return (
    <ListPage
      title="PMTA Relays"
      create={{ label: 'Add Relays', to: href('pmtaRelayCreate') }}
      list={{ filters: { ...list.filters, ...fixed }, setFilters: list.setFilters }}
      filters={
        <>
          <OwnerFilter aria-label="Owner" />
          <Form.Item name="pmtaServer.isVps" initialValue="">
            <Select options={TYPES} aria-label="Type" style={{ width: 100 }} />
          </Form.Item>
          <SelectFilter name="group.id" label="Group" options={groups.data} fixed={'group.id' in fixed} />
          <SelectFilter
            name="pmtaServer.id"
            label="PMTA server"
            options={servers.data}
            fixed={'pmtaServer.id' in fixed}
          />
          <Form.Item name="smtpHost">
            <Input allowClear placeholder="SMTP host" aria-label="SMTP host" />
          </Form.Item>
          <Form.Item name="description">
            <Input allowClear placeholder="Description" aria-label="Description" />
          </Form.Item>
        </>
      }
    >
      <PmtaRelaysTable
        {...listTable(relays, list)}
        toolbar={
          <Typography.Text>
            Poor:{' '}
            <Typography.Text strong type={poor.data?.count ? 'danger' : undefined}>
              {poor.data?.count ?? '…'}
            </Typography.Text>
          </Typography.Text>
        }
        selection={{
          ...selection,
          actions: (keys) => <BulkActions kind="pmta" keys={keys} ownerId={owner} onDone={selection.clear} />,
          allKeys: () =>
            getPmtaRelays({ ...query, _page: 1, itemsPerPage: SELECT_ALL_MAX, 'groups[]': 'select' }).then((p) =>
              p['hydra:member'].map((r) => r.id),
            ),
        }}
      />
    </ListPage>
  );
}

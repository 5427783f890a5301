import { Form, Input } from 'antd';
import { Navigate } from 'react-router';
import { SMTP_RELAYS_PAGE_SIZE } from '@console/shared/smtp-relays';
import { SELECT_ALL_MAX, listTable } from '@/components/data-table.tsx';
import { SelectFilter } from '@/components/filter-bar.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { BulkActions } from '../../components/relay-bulk-actions.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { useSelection } from '@/hooks/use-selection.ts';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { href } from '@/lib/routes.ts';
import { getSmtpRelays, useSmtpRelays } from '../api/smtp-relays.ts';
import { SmtpRelaysTable } from '../components/smtp-relays-table.tsx';

/**
 * SMTP Relays: owner (admin), group, SMTP server and account filters; Total; selection with Move to Group,
 * Change Activity and Delete. On by_server / by_group the route's filter is fixed and its field disabled.
 */
export function SmtpRelayList() {
  const serverId = useRouteId('serverId');
  const groupId = useRouteId('groupId');
  const list = useCollectionParams({ pageSize: SMTP_RELAYS_PAGE_SIZE, order: { field: 'id', dir: 'asc' } });
  const fixed = {
    ...(typeof serverId === 'number' && { 'smtpServer.id': serverId }),
    ...(typeof groupId === 'number' && { 'group.id': groupId }),
  };
  const query = { ...list.query, ...fixed };
  const relays = useSmtpRelays(query);
  const selection = useSelection<number>(query);
  const owner = typeof list.filters['user.id'] === 'number' ? list.filters['user.id'] : undefined;
  const servers = useSelectOptions('/smtp_servers', { 'user.id': owner });
  const groups = useSelectOptions('/smtp_relay_groups', { 'user.id': owner });
  if ([serverId, groupId].includes('malformed')) return <Navigate to={href('error404')} replace />;

  return (
    <ListPage
      title="SMTP Relays"
      create={{ label: 'Add Relays', to: href('smtpRelayCreate') }}
      list={{ filters: { ...list.filters, ...fixed }, setFilters: list.setFilters }}
      filters={
        <>
          <OwnerFilter aria-label="Owner" />
          <SelectFilter name="group.id" label="Group" options={groups.data} fixed={'group.id' in fixed} />
          <SelectFilter
            name="smtpServer.id"
            label="SMTP server"
            options={servers.data}
            fixed={'smtpServer.id' in fixed}
          />
          <Form.Item name="account">
            <Input allowClear placeholder="Account" aria-label="Account search" />
          </Form.Item>
        </>
      }
    >
      <SmtpRelaysTable
        {...listTable(relays, list)}
        selection={{
          ...selection,
          actions: (keys) => <BulkActions kind="smtp" keys={keys} ownerId={owner} onDone={selection.clear} />,
          allKeys: () =>
            getSmtpRelays({ ...query, _page: 1, itemsPerPage: SELECT_ALL_MAX, 'groups[]': 'select' }).then((p) =>
              p['hydra:member'].map((r) => r.id),
            ),
        }}
      />
    </ListPage>
  );
}

import type { Key } from 'react';
import type { HydraCollection } from '@console/shared/hydra';
import type { RelayKind } from '@console/shared/relays';
import { SELECT_ALL_MAX } from '@/components/data-table.tsx';
import { SelectFilter } from '@/components/filter-bar.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { useSelection } from '@/hooks/use-selection.ts';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import type { Query } from '@/lib/http.ts';
import { BulkActions } from './relay-bulk-actions.tsx';

/**
 * What both relay lists share: the filter a by_server / by_group / by_relay route fixes (its field disabled),
 * the owner's groups and servers to filter by, and the selection with Move to Group, Change Activity and
 * Delete (`selection(get)`: `get` reads every id of the filtered list for "select all").
 */
export function useRelayList(kind: RelayKind, pageSize: number) {
  const serverId = useRouteId('serverId');
  const groupId = useRouteId('groupId');
  const relayId = useRouteId('relayId');
  const list = useCollectionParams({ pageSize, order: { field: 'id', dir: 'asc' } });
  const server = `${kind}Server.id`;
  const fixed: Query = {
    ...(typeof serverId === 'number' && { [server]: serverId }),
    ...(typeof groupId === 'number' && { 'group.id': groupId }),
    ...(typeof relayId === 'number' && { id: relayId }),
  };
  const query = { ...list.query, ...fixed };
  const selected = useSelection<number>(query);
  const owner = typeof list.filters['user.id'] === 'number' ? list.filters['user.id'] : undefined;
  const servers = useSelectOptions(`/${kind}_servers`, { 'user.id': owner });
  const groups = useSelectOptions(`/${kind}_relay_groups`, { 'user.id': owner });
  return {
    list,
    query,
    malformed: [serverId, groupId, relayId].includes('malformed'),
    /** The list page's filters, the fixed one included. */
    page: { filters: { ...list.filters, ...fixed } as typeof list.filters, setFilters: list.setFilters },
    groupFilter: <SelectFilter name="group.id" label="Group" options={groups.data} fixed={'group.id' in fixed} />,
    serverFilter: (
      <SelectFilter
        name={server}
        label={`${kind.toUpperCase()} server`}
        options={servers.data}
        fixed={server in fixed}
      />
    ),
    selection: (get: (query: Query) => Promise<HydraCollection<{ id: number }>>) => ({
      ...selected,
      actions: (keys: Key[]) => <BulkActions kind={kind} keys={keys} ownerId={owner} onDone={selected.clear} />,
      allKeys: () =>
        get({ ...query, _page: 1, itemsPerPage: SELECT_ALL_MAX, 'groups[]': 'select' }).then((p) =>
          p['hydra:member'].map((r) => r.id),
        ),
    }),
  };
}

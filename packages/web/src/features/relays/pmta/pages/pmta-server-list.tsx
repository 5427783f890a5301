import { PMTA_SERVERS_PAGE_SIZE } from '@console/shared/pmta-servers';
import { listTable } from '@/components/data-table.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { ServerListPage } from '../../components/server-list-page.tsx';
import { usePmtaServers } from '../api/pmta-servers.ts';
import { PmtaServersTable } from '../components/pmta-servers-table.tsx';

/** PMTA Servers: search by name; administrators also by owner. */
export function PmtaServerList() {
  const list = useCollectionParams({ pageSize: PMTA_SERVERS_PAGE_SIZE });
  const servers = usePmtaServers(list.query);
  return (
    <ServerListPage kind="pmta" list={list} search={{ name: 'name', placeholder: 'PMTA name' }}>
      <PmtaServersTable {...listTable(servers, list)} />
    </ServerListPage>
  );
}

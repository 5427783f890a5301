import { Form, Input } from 'antd';
import { PMTA_SERVERS_PAGE_SIZE } from '@console/shared/pmta-servers';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { href } from '@/lib/routes.ts';
import { usePmtaServers } from '../api/pmta-servers.ts';
import { PmtaServersTable } from '../components/pmta-servers-table.tsx';

/** PMTA Servers: search by name; administrators also by owner. */
export function PmtaServerList() {
  const list = useCollectionParams({ pageSize: PMTA_SERVERS_PAGE_SIZE });
  const servers = usePmtaServers(list.query);
  return (
    <ListPage
      title="PMTA Servers"
      create={{ label: 'Add Server', to: href('pmtaServerCreate') }}
      list={list}
      filters={
        <>
          <Form.Item name="name">
            <Input placeholder="PMTA name" allowClear aria-label="PMTA name" />
          </Form.Item>
          <OwnerFilter aria-label="Owner" />
        </>
      }
    >
      <PmtaServersTable {...listTable(servers, list)} />
    </ListPage>
  );
}

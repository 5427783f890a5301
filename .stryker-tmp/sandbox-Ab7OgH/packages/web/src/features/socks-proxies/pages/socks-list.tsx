// @ts-nocheck
import { Form, Input } from 'antd';
import { Navigate } from 'react-router';
import { SOCKS_PAGE_SIZE } from '@console/shared/socks-proxies';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { href } from '@/lib/routes.ts';
import { useSocksList } from '../api/socks-proxies.ts';
import { SocksBulkButtons } from '../components/socks-bulk-buttons.tsx';
import { SocksTable } from '../components/socks-table.tsx';

/**
 * Socks Proxies: search by IP (and owner for administrators), the three bulk buttons. On
 * /socks-proxies/by_group/{groupId} it shows the proxies the SMTP relays of that group use.
 */
export function SocksList() {
  const groupId = useRouteId('groupId');
  const list = useCollectionParams({ pageSize: SOCKS_PAGE_SIZE });
  const socks = useSocksList({ ...list.query, 'smtpRelayGroup.id': typeof groupId === 'number' ? groupId : undefined });
  if (groupId === 'malformed') return <Navigate to={href('error404')} replace />;
  return (
    <ListPage
      title={groupId ? `Socks Proxies of SMTP relay group #${groupId}` : 'Socks Proxies'}
      create={{ label: 'Add Socks', to: href('socksProxyCreate') }}
      extra={<SocksBulkButtons />}
      list={list}
      filters={
        <>
          <Form.Item name="ip">
            <Input placeholder="IP" allowClear aria-label="IP" />
          </Form.Item>
          <OwnerFilter aria-label="Owner" />
        </>
      }
    >
      <SocksTable {...listTable(socks, list)} />
    </ListPage>
  );
}

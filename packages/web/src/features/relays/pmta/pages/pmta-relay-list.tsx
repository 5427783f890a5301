import { Form, Input, Select, Typography } from 'antd';
import { Navigate } from 'react-router';
import { PMTA_RELAYS_PAGE_SIZE } from '@console/shared/pmta-relays';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { href } from '@/lib/routes.ts';
import { useRelayList } from '../../components/relay-list.tsx';
import { getPmtaRelays, usePmtaRelays, usePoorCount } from '../api/pmta-relays.ts';
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
  const r = useRelayList('pmta', PMTA_RELAYS_PAGE_SIZE);
  const relays = usePmtaRelays(r.query);
  const poor = usePoorCount(r.query);
  if (r.malformed) return <Navigate to={href('error404')} replace />;

  return (
    <ListPage
      title="PMTA Relays"
      create={{ label: 'Add Relays', to: href('pmtaRelayCreate') }}
      list={r.page}
      filters={
        <>
          <OwnerFilter aria-label="Owner" />
          <Form.Item name="pmtaServer.isVps" initialValue="">
            <Select options={TYPES} aria-label="Type" style={{ width: 100 }} />
          </Form.Item>
          {r.groupFilter}
          {r.serverFilter}
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
        {...listTable(relays, r.list)}
        toolbar={
          <Typography.Text>
            Poor:{' '}
            <Typography.Text strong type={poor.data?.count ? 'danger' : undefined}>
              {poor.data?.count ?? '…'}
            </Typography.Text>
          </Typography.Text>
        }
        selection={r.selection(getPmtaRelays)}
      />
    </ListPage>
  );
}

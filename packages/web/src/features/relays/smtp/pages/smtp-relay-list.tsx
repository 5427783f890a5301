import { Form, Input } from 'antd';
import { Navigate } from 'react-router';
import { SMTP_RELAYS_PAGE_SIZE } from '@console/shared/smtp-relays';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { href } from '@/lib/routes.ts';
import { useRelayList } from '../../components/relay-list.tsx';
import { getSmtpRelays, useSmtpRelays } from '../api/smtp-relays.ts';
import { SmtpRelaysTable } from '../components/smtp-relays-table.tsx';

/**
 * SMTP Relays: owner (admin), group, SMTP server and account filters; Total; selection with Move to Group,
 * Change Activity and Delete. On by_server / by_group the route's filter is fixed and its field disabled.
 */
export function SmtpRelayList() {
  const r = useRelayList('smtp', SMTP_RELAYS_PAGE_SIZE);
  const relays = useSmtpRelays(r.query);
  if (r.malformed) return <Navigate to={href('error404')} replace />;

  return (
    <ListPage
      title="SMTP Relays"
      create={{ label: 'Add Relays', to: href('smtpRelayCreate') }}
      list={r.page}
      filters={
        <>
          <OwnerFilter aria-label="Owner" />
          {r.groupFilter}
          {r.serverFilter}
          <Form.Item name="account">
            <Input allowClear placeholder="Account" aria-label="Account search" />
          </Form.Item>
        </>
      }
    >
      <SmtpRelaysTable {...listTable(relays, r.list)} selection={r.selection(getSmtpRelays)} />
    </ListPage>
  );
}

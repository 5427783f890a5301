import { Form, Input } from 'antd';
import { SMTP_SERVERS_PAGE_SIZE } from '@console/shared/smtp-servers';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { href } from '@/lib/routes.ts';
import { useSmtpServers } from '../api/smtp-servers.ts';
import { SmtpServersTable } from '../components/smtp-servers-table.tsx';

/** SMTP Servers: search by name; administrators also by owner. */
export function SmtpServerList() {
  const list = useCollectionParams({ pageSize: SMTP_SERVERS_PAGE_SIZE });
  const servers = useSmtpServers(list.query);
  return (
    <ListPage
      title="SMTP Servers"
      create={{ label: 'Add Server', to: href('smtpServerCreate') }}
      list={list}
      filters={
        <>
          <Form.Item name="serverName">
            <Input placeholder="Server name" allowClear aria-label="Server name" />
          </Form.Item>
          <OwnerFilter aria-label="Owner" />
        </>
      }
    >
      <SmtpServersTable {...listTable(servers, list)} />
    </ListPage>
  );
}

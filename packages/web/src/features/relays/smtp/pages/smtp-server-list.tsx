import { SMTP_SERVERS_PAGE_SIZE } from '@console/shared/smtp-servers';
import { listTable } from '@/components/data-table.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { ServerListPage } from '../../components/server-list-page.tsx';
import { useSmtpServers } from '../api/smtp-servers.ts';
import { SmtpServersTable } from '../components/smtp-servers-table.tsx';

/** SMTP Servers: search by name; administrators also by owner. */
export function SmtpServerList() {
  const list = useCollectionParams({ pageSize: SMTP_SERVERS_PAGE_SIZE });
  const servers = useSmtpServers(list.query);
  return (
    <ServerListPage kind="smtp" list={list} search={{ name: 'serverName', placeholder: 'Server name' }}>
      <SmtpServersTable {...listTable(servers, list)} />
    </ServerListPage>
  );
}

import { Space, Tag } from 'antd';
import type { HydraCollection } from '@console/shared/hydra';
import { type SmtpServer } from '@console/shared/smtp-servers';
import type { ListTableProps } from '@/components/data-table.tsx';
import { ServersTable } from '../../components/servers-table.tsx';
import { useDeleteSmtpServer } from '../api/smtp-servers.ts';

/** ID, Name, HOST, Owner (admin), Actions: Edit, Relays (the server's relays), Delete. */
export function SmtpServersTable(props: ListTableProps<HydraCollection<SmtpServer>>) {
  const remove = useDeleteSmtpServer();
  return (
    <ServersTable<SmtpServer>
      {...props}
      kind="smtp"
      remove={remove.mutateAsync}
      address={{
        title: 'HOST',
        key: 'host',
        sorter: true,
        render: (_, s) => (
          <Space size={6}>
            {`${s.host}:${s.port}`}
            {s.tls && <Tag>TLS</Tag>}
          </Space>
        ),
      }}
    />
  );
}

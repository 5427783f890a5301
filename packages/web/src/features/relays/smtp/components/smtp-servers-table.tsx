import { Space, Tag } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import type { HydraCollection } from '@console/shared/hydra';
import { type SmtpServer } from '@console/shared/smtp-servers';
import { confirmDelete } from '@/components/feedback.tsx';
import { DataTable, type ListTableProps, ownerColumn } from '@/components/data-table.tsx';

import { DeleteButton, EditButton, LinkButton } from '@/components/row-actions.tsx';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useDeleteSmtpServer } from '../api/smtp-servers.ts';

/** ID, Name, HOST, Owner (admin), Actions: Edit, Relays (the server's relays), Delete. */
export function SmtpServersTable(props: ListTableProps<HydraCollection<SmtpServer>>) {
  const isAdmin = useIsAdmin();
  const remove = useDeleteSmtpServer();
  const askDelete = (s: SmtpServer) =>
    confirmDelete(
      s.relaysCount > 0
        ? `Server #${s.id} ${s.name} and its ${s.relaysCount} relay(s) will be removed.`
        : `Server #${s.id} ${s.name}`,
      () => remove.mutateAsync(s.id),
    );

  return (
    <DataTable<SmtpServer>
      {...props}
      emptyText="Nothing to show."
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
        { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
        {
          title: 'HOST',
          key: 'host',
          sorter: true,
          render: (_, s) => (
            <Space size={6}>
              {`${s.host}:${s.port}`}
              {s.tls && <Tag>TLS</Tag>}
            </Space>
          ),
        },
        { title: 'Relays', key: 'relaysCount', width: 90, align: 'right', render: (_, s) => s.relaysCount },
        ...ownerColumn<SmtpServer>(isAdmin),
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          render: (_, s) => (
            <Space size="small" wrap>
              <EditButton to={href('smtpServerEdit', { id: s.id })} label={`Edit server ${s.name}`} />
              <LinkButton
                to={href('smtpRelayFilter1', { serverId: s.id })}
                icon={<ApartmentOutlined />}
                label={`Relays of server ${s.name}`}
              >
                Relays
              </LinkButton>
              <DeleteButton label={`Delete server ${s.name}`} onClick={() => void askDelete(s)} />
            </Space>
          ),
        },
      ]}
    />
  );
}

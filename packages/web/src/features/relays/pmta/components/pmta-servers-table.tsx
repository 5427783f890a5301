import { Space, Tag } from 'antd';
import { ApartmentOutlined, SlidersOutlined } from '@ant-design/icons';
import type { HydraCollection } from '@console/shared/hydra';
import { type PmtaServer } from '@console/shared/pmta-servers';
import { confirmDelete } from '@/components/feedback.tsx';
import { DataTable, type ListTableProps, ownerColumn, withTitleMinWidths } from '@/components/data-table.tsx';

import { DeleteButton, EditButton, LinkButton } from '@/components/row-actions.tsx';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useDeletePmtaServer } from '../api/pmta-servers.ts';

/** ID, Name, IP, Owner (admin), Actions: Edit, Relays (the server's relays), Balancers, Delete. */
export function PmtaServersTable(props: ListTableProps<HydraCollection<PmtaServer>>) {
  const isAdmin = useIsAdmin();
  const remove = useDeletePmtaServer();
  const askDelete = (s: PmtaServer) =>
    confirmDelete(
      s.relaysCount > 0
        ? `Server #${s.id} ${s.name} and its ${s.relaysCount} relay(s) will be removed.`
        : `Server #${s.id} ${s.name}`,
      () => remove.mutateAsync(s.id),
    );

  return (
    <DataTable<PmtaServer>
      {...props}
      emptyText="Nothing to show."
      columns={withTitleMinWidths<PmtaServer>([
        { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
        { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
        {
          title: 'IP',
          key: 'serverIp',
          sorter: true,
          render: (_, s) => (
            <Space size={6}>
              <span style={{ whiteSpace: 'nowrap' }}>{s.serverIp}</span>
              {s.isVps && <Tag>VPS</Tag>}
            </Space>
          ),
        },
        { title: 'Relays', key: 'relaysCount', width: 90, align: 'right', render: (_, s) => s.relaysCount },
        ...ownerColumn<PmtaServer>(isAdmin),
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          render: (_, s) => (
            <Space size="small" wrap>
              <EditButton to={href('pmtaServerEdit', { id: s.id })} label={`Edit server ${s.name}`} />
              <LinkButton
                to={href('pmtaRelayFilter1', { serverId: s.id })}
                icon={<ApartmentOutlined />}
                label={`Relays of server ${s.name}`}
              >
                Relays
              </LinkButton>
              <LinkButton
                to={href('pmtaServerBalancers', { id: s.id })}
                icon={<SlidersOutlined />}
                label={`Balancers of server ${s.name}`}
              >
                Balancers
              </LinkButton>
              <DeleteButton label={`Delete server ${s.name}`} onClick={() => void askDelete(s)} />
            </Space>
          ),
        },
      ])}
    />
  );
}

import { Space, Tag } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import type { HydraCollection } from '@console/shared/hydra';
import { PmtaServerMessages as M, type PmtaServer } from '@console/shared/pmta-servers';
import { DataTable, type ListTableProps } from '@/components/data-table.tsx';
import { confirm, toast } from '@/components/feedback.tsx';
import { DeleteButton, EditButton, LinkButton } from '@/components/row-actions.tsx';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useDeletePmtaServer } from '../api/pmta-servers.ts';

/**
 * ID, Name, IP, Owner (admin), Actions: Edit, Relays (the server's relays), Delete. Balancers come with the
 * PowerMTA operations (a later issue): no button until they work.
 */
export function PmtaServersTable(props: ListTableProps<HydraCollection<PmtaServer>>) {
  const isAdmin = useIsAdmin();
  const remove = useDeletePmtaServer();
  const askDelete = (s: PmtaServer) =>
    confirm({
      title: M.deleteConfirm,
      content:
        s.relaysCount > 0
          ? `Server #${s.id} ${s.name} and its ${s.relaysCount} relay(s) will be removed.`
          : `Server #${s.id} ${s.name}`,
      okText: 'Confirm',
      danger: true,
      onOk: () => remove.mutateAsync(s.id),
      errorPrefix: 'Error: ',
    }).then((ok) => ok && toast.success('Deleted successfully!'));

  return (
    <DataTable<PmtaServer>
      {...props}
      emptyText="Nothing to show."
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
        { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
        {
          title: 'IP',
          key: 'serverIp',
          sorter: true,
          render: (_, s) => (
            <Space size={6}>
              {s.serverIp}
              {s.isVps && <Tag>VPS</Tag>}
            </Space>
          ),
        },
        { title: 'Relays', key: 'relaysCount', width: 90, align: 'right', render: (_, s) => s.relaysCount },
        ...(isAdmin
          ? [{ title: 'Owner', key: 'user', sorter: true, render: (_: unknown, s: PmtaServer) => s.user.username }]
          : []),
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
              <DeleteButton label={`Delete server ${s.name}`} onClick={() => void askDelete(s)} />
            </Space>
          ),
        },
      ]}
    />
  );
}

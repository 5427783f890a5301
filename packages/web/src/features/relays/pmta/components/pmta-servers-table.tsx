import { Space, Tag } from 'antd';
import { SlidersOutlined } from '@ant-design/icons';
import type { HydraCollection } from '@console/shared/hydra';
import { type PmtaServer } from '@console/shared/pmta-servers';
import type { ListTableProps } from '@/components/data-table.tsx';
import { LinkButton } from '@/components/row-actions.tsx';
import { href } from '@/lib/routes.ts';
import { ServersTable } from '../../components/servers-table.tsx';
import { useDeletePmtaServer } from '../api/pmta-servers.ts';

/** ID, Name, IP, Owner (admin), Actions: Edit, Relays (the server's relays), Balancers, Delete. */
export function PmtaServersTable(props: ListTableProps<HydraCollection<PmtaServer>>) {
  const remove = useDeletePmtaServer();
  return (
    <ServersTable<PmtaServer>
      {...props}
      kind="pmta"
      titleMinWidths
      remove={remove.mutateAsync}
      address={{
        title: 'IP',
        key: 'serverIp',
        sorter: true,
        render: (_, s) => (
          <Space size={6}>
            <span style={{ whiteSpace: 'nowrap' }}>{s.serverIp}</span>
            {s.isVps && <Tag>VPS</Tag>}
          </Space>
        ),
      }}
      actions={(s) => (
        <LinkButton
          to={href('pmtaServerBalancers', { id: s.id })}
          icon={<SlidersOutlined />}
          label={`Balancers of server ${s.name}`}
        >
          Balancers
        </LinkButton>
      )}
    />
  );
}

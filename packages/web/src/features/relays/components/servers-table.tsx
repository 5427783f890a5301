import type { ReactNode } from 'react';
import { Space } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { ApartmentOutlined } from '@ant-design/icons';
import type { HydraCollection } from '@console/shared/hydra';
import type { RelayKind } from '@console/shared/relays';
import { confirmDelete } from '@/components/feedback.tsx';
import { DataTable, type ListTableProps, ownerColumn, withTitleMinWidths } from '@/components/data-table.tsx';
import { DeleteButton, EditButton, LinkButton } from '@/components/row-actions.tsx';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';

interface ServerRow {
  id: number;
  name: string;
  relaysCount: number;
  user: { username: string };
}

interface ServersTableProps<S extends ServerRow> extends ListTableProps<HydraCollection<S>> {
  kind: RelayKind;
  /** The server's address (PMTA: its IP, SMTP: its host and port). */
  address: ColumnType<S>;
  /** The kind's own row buttons, before Delete. */
  actions?: (s: S) => ReactNode;
  remove: (id: number) => Promise<unknown>;
  /** Columns no narrower than their titles. */
  titleMinWidths?: boolean;
}

/** ID, Name, the address, Relays, Owner (admin), Actions: Edit, Relays (the server's relays), the kind's, Delete. */
export function ServersTable<S extends ServerRow>(p: ServersTableProps<S>) {
  const { kind, address, actions, remove, titleMinWidths, ...props } = p;
  const isAdmin = useIsAdmin();
  const askDelete = (s: S) =>
    confirmDelete(
      s.relaysCount > 0
        ? `Server #${s.id} ${s.name} and its ${s.relaysCount} relay(s) will be removed.`
        : `Server #${s.id} ${s.name}`,
      () => remove(s.id),
    );
  const columns: ColumnType<S>[] = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
    { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
    address,
    { title: 'Relays', key: 'relaysCount', width: 90, align: 'right', render: (_, s) => s.relaysCount },
    ...ownerColumn<S>(isAdmin),
    {
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      render: (_, s) => (
        <Space size="small" wrap>
          <EditButton to={href(`${kind}ServerEdit`, { id: s.id })} label={`Edit server ${s.name}`} />
          <LinkButton
            to={href(`${kind}RelayFilter1`, { serverId: s.id })}
            icon={<ApartmentOutlined />}
            label={`Relays of server ${s.name}`}
          >
            Relays
          </LinkButton>
          {actions?.(s)}
          <DeleteButton label={`Delete server ${s.name}`} onClick={() => void askDelete(s)} />
        </Space>
      ),
    },
  ];

  return (
    <DataTable<S>
      {...props}
      emptyText="Nothing to show."
      columns={titleMinWidths ? withTitleMinWidths(columns) : columns}
    />
  );
}

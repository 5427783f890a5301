import { Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import type { RelayKind } from '@console/shared/relays';
import { DeleteButton, EditButton } from '@/components/row-actions.tsx';
import { href, type RouteName } from '@/lib/routes.ts';

interface RelayRow {
  id: number;
  active: boolean;
}

/** Active: a green Yes or a red No; sorts. */
export const activeColumn = <R extends RelayRow>(): ColumnType<R> => ({
  title: 'Active',
  key: 'active',
  sorter: true,
  width: 90,
  render: (_, r) => (r.active ? <Tag color="green">Yes</Tag> : <Tag color="red">No</Tag>),
});

/** Actions, pinned right: Edit and Delete, each naming the relay as `name` does. */
export const relayActionsColumn = <R extends RelayRow>(
  kind: RelayKind,
  name: (r: R) => string,
  askDelete: (r: R) => unknown,
  width?: number,
): ColumnType<R> => ({
  title: 'Actions',
  key: 'actions',
  fixed: 'right',
  ...(width !== undefined && { width }),
  render: (_, r) => (
    <Space size="small">
      <EditButton to={href(`${kind}RelayEdit` satisfies RouteName, { id: r.id })} label={`Edit relay ${name(r)}`} />
      <DeleteButton label={`Delete relay ${name(r)}`} onClick={() => void askDelete(r)} />
    </Space>
  ),
});

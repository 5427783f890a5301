// @ts-nocheck
import { App, Button, Space, Tag } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import type { HydraCollection } from '@console/shared/hydra';
import { type Socks } from '@console/shared/socks-proxies';
import { DataTable, type ListTableProps, ownerColumn } from '@/components/data-table.tsx';
import { confirmDelete, errorDialog } from '@/components/feedback.tsx';
import { DeleteButton, EditButton } from '@/components/row-actions.tsx';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useCheckSocks, useDeleteSocks } from '../api/socks-proxies.ts';

/** ID, IP, Port, Active, Owner (admin), Actions: Edit, Check, Delete. ID, IP and Active sort on the server. */
export function SocksTable(props: ListTableProps<HydraCollection<Socks>>) {
  const isAdmin = useIsAdmin();
  const { modal } = App.useApp();
  const remove = useDeleteSocks();
  const check = useCheckSocks();
  const askDelete = (s: Socks) => confirmDelete(`Socks #${s.id} ${s.ip}:${s.port}`, () => remove.mutateAsync(s.id));
  // The answer's msg is the alert's title, in the success or error style (spec 2 §8).
  const runCheck = (s: Socks) =>
    check.mutate(s.id, {
      onSuccess: (r) => (r.result ? modal.success : modal.error)({ title: r.msg, content: `${s.ip}:${s.port}` }),
      onError: (e) => errorDialog(e, 'Error'),
    });

  return (
    <DataTable<Socks>
      {...props}
      emptyText="Nothing to show."
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
        { title: 'IP', dataIndex: 'ip', key: 'ip', sorter: true },
        { title: 'Port', dataIndex: 'port', key: 'port', width: 90 },
        {
          title: 'Active',
          key: 'active',
          sorter: true,
          width: 100,
          render: (_, s) => (s.active ? <Tag color="green">Active</Tag> : <Tag color="red">Inactive</Tag>),
        },
        { title: 'Login', key: 'login', render: (_, s) => s.login ?? '' },
        { title: 'Bound IP', key: 'boundIp', render: (_, s) => s.boundIp ?? '' },
        ...ownerColumn<Socks>(isAdmin, false),
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          render: (_, s) => (
            <Space size="small" wrap>
              <EditButton to={href('socksProxyEdit', { id: s.id })} label={`Edit socks ${s.ip}:${s.port}`} />
              <Button
                size="small"
                icon={<ApiOutlined />}
                loading={check.isPending && check.variables === s.id}
                aria-label={`Check socks ${s.ip}:${s.port}`}
                onClick={() => runCheck(s)}
              >
                Check
              </Button>
              <DeleteButton label={`Delete socks ${s.ip}:${s.port}`} onClick={() => void askDelete(s)} />
            </Space>
          ),
        },
      ]}
    />
  );
}

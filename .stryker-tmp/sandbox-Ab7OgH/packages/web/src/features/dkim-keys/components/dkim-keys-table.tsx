// @ts-nocheck
import { Space, Typography } from 'antd';
import type { HydraCollection } from '@console/shared/hydra';
import { DkimKeyMessages as M, type DkimKey } from '@console/shared/dkim-keys';
import { DataTable, type ListTableProps, ownerColumn } from '@/components/data-table.tsx';
import { confirmDelete } from '@/components/feedback.tsx';
import { DeleteButton, EditButton } from '@/components/row-actions.tsx';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useDeleteDkimKey } from '../api/dkim-keys.ts';
import { DnsStatusTag } from './dns-status-tag.tsx';

/** ID, Domain, DNS name, DNS status, Owner (admin), Actions Open and Delete. */
export function DkimKeysTable(props: ListTableProps<HydraCollection<DkimKey>>) {
  const isAdmin = useIsAdmin();
  const remove = useDeleteDkimKey();
  const askDelete = (k: DkimKey) =>
    confirmDelete(`${k.domain}: ${M.deleteConfirm}`, () => remove.mutateAsync(k.id), 'Delete failed: ');
  return (
    <DataTable<DkimKey>
      {...props}
      emptyText="No DKIM key yet: add one for each domain your SMTP relays send from."
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
        { title: 'Domain', dataIndex: 'domain', key: 'domain', sorter: true },
        {
          title: 'DNS name',
          key: 'dnsName',
          render: (_, k) => <Typography.Text code>{k.dnsName}</Typography.Text>,
        },
        {
          title: 'DNS',
          key: 'dnsStatus',
          width: 170,
          render: (_, k) => <DnsStatusTag status={k.dnsStatus} />,
        },
        ...ownerColumn<DkimKey>(isAdmin),
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          width: 180,
          render: (_, k) => (
            <Space size="small">
              <EditButton to={href('dkimKeyEdit', { id: k.id })} label={`Open DKIM key of ${k.domain}`} />
              <DeleteButton label={`Delete DKIM key of ${k.domain}`} onClick={() => void askDelete(k)} />
            </Space>
          ),
        },
      ]}
    />
  );
}

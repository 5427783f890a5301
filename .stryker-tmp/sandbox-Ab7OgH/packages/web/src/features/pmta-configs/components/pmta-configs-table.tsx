// @ts-nocheck
import { Button, Space } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import type { HydraCollection } from '@console/shared/hydra';
import { PmtaConfigMessages as M, PmtaConfigTypeLabels, type PmtaConfig } from '@console/shared/pmta-configs';
import { DataTable, type ListTableProps } from '@/components/data-table.tsx';
import { confirm, toast } from '@/components/feedback.tsx';
import { DeleteButton, EditButton } from '@/components/row-actions.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { href } from '@/lib/routes.ts';
import { getPmtaConfigContent, useDeleteConfig } from '../api/pmta-configs.ts';
import { showContent } from './content-window.ts';

const typeLabel = (type: number) => PmtaConfigTypeLabels[type as 0 | 1] ?? String(type);

/** ID, Name, Type, File, Version, Updated; View (a new window), Edit, Delete. Every column sorts. */
export function PmtaConfigsTable(props: ListTableProps<HydraCollection<PmtaConfig>>) {
  const remove = useDeleteConfig();
  const askDelete = (c: PmtaConfig) =>
    confirm({
      title: 'Are you sure you want to delete?',
      content: `${c.name}: its applied copies are taken off their servers first.`,
      okText: 'Confirm',
      danger: true,
      onOk: () => remove.mutateAsync(c.id),
      errorPrefix: 'Error: ',
    }).then((ok) => ok && toast.success(M.deletedTitle, { description: M.deleted }));

  return (
    <DataTable<PmtaConfig>
      {...props}
      emptyText={M.emptyConfigs}
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 70, sorter: true },
        { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
        { title: 'Type', key: 'type', sorter: true, render: (_, c) => typeLabel(c.type) },
        { title: 'File', dataIndex: 'fileName', key: 'fileName', sorter: true },
        { title: 'Version', dataIndex: 'version', key: 'version', sorter: true, align: 'right' },
        {
          title: 'Updated',
          key: 'updatedAt',
          sorter: true,
          render: (_, c) => dayjs(c.updatedAt).format('YYYY-MM-DD HH:mm'),
        },
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          render: (_, c) => (
            <Space size="small">
              <Button
                size="small"
                icon={<FileTextOutlined />}
                aria-label={`View content of ${c.name}`}
                onClick={() => void showContent(() => getPmtaConfigContent(c.id))}
              >
                View
              </Button>
              <EditButton to={href('pmtaConfigEdit', { id: c.id })} label={`Edit config ${c.name}`} />
              <DeleteButton label={`Delete config ${c.name}`} onClick={() => void askDelete(c)} />
            </Space>
          ),
        },
      ]}
    />
  );
}

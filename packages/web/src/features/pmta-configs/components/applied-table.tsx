import { Button, Space, Tag, Typography } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import type { HydraCollection } from '@console/shared/hydra';
import {
  CONFIG_FOR_RELAYS,
  PmtaConfigMessages as M,
  PmtaConfigTypeLabels,
  type AppliedPmtaConfig,
} from '@console/shared/pmta-configs';
import { DataTable, type ListTableProps, type Selection } from '@/components/data-table.tsx';
import { DeleteButton } from '@/components/row-actions.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { useAppliedActions } from './applied-actions.ts';

export interface AppliedTableProps extends ListTableProps<HydraCollection<AppliedPmtaConfig>> {
  selection: Selection<AppliedPmtaConfig>;
}

/** Version 0 is not uploaded yet (orange, with the last failure when there is one); else the version uploaded. */
function VersionCell({ row }: { row: AppliedPmtaConfig }) {
  if (row.version > 0) return <Tag color="success">{row.version}</Tag>;
  return (
    <Tag color={row.error ? 'error' : 'warning'} data-testid="not-uploaded">
      0 · {row.error ? 'upload failed' : 'not uploaded'}
    </Tag>
  );
}

/** ID, Type, Config, Recipient (a relay's with its server), Owner, Version, Error, Updated; Reset version and Delete per row. */
export function AppliedTable({ selection, ...props }: AppliedTableProps) {
  const actions = useAppliedActions();
  return (
    <DataTable<AppliedPmtaConfig>
      {...props}
      emptyText={M.emptyApplied}
      selection={selection}
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 70, sorter: true },
        {
          title: 'Type',
          key: 'configType',
          sorter: true,
          render: (_, r) => PmtaConfigTypeLabels[r.configType as 0 | 1],
        },
        { title: 'Config', dataIndex: 'configName', key: 'configName', sorter: true },
        {
          title: 'Recipient',
          key: 'recipient',
          sorter: true,
          render: (_, r) => (
            <>
              {r.recipient}
              {r.configType === CONFIG_FOR_RELAYS && (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  on {r.server.name}
                </Typography.Text>
              )}
            </>
          ),
        },
        { title: 'Owner', key: 'user', render: (_, r) => r.user.username },
        { title: 'Version', key: 'version', sorter: true, render: (_, r) => <VersionCell row={r} /> },
        {
          title: 'Error',
          key: 'error',
          render: (_, r) =>
            r.error && (
              <Typography.Text type="danger" style={{ maxWidth: 220 }} ellipsis={{ tooltip: r.error }}>
                {r.error}
              </Typography.Text>
            ),
        },
        {
          title: 'Updated',
          key: 'updatedAt',
          sorter: true,
          render: (_, r) => dayjs(r.updatedAt).format('YYYY-MM-DD HH:mm'),
        },
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          render: (_, r) => (
            <Space size="small">
              <Button
                size="small"
                icon={<RedoOutlined />}
                aria-label={`Reset version of applied config ${r.id}`}
                onClick={() => void actions.reset([r])}
              >
                Reset version
              </Button>
              <DeleteButton label={`Delete applied config ${r.id}`} onClick={() => void actions.remove([r])} />
            </Space>
          ),
        },
      ]}
    />
  );
}

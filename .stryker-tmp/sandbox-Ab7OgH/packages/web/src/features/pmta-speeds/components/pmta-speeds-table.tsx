// @ts-nocheck
import { Space } from 'antd';
import type { HydraCollection } from '@console/shared/hydra';
import type { PmtaSpeed } from '@console/shared/pmta-speeds';
import { PmtaSpeedMessages as M } from '@console/shared/pmta-speeds';
import { DataTable, type ListTableProps, type Selection } from '@/components/data-table.tsx';
import { DeleteButton, EditButton } from '@/components/row-actions.tsx';
import { href } from '@/lib/routes.ts';
import { LocalValue, RemoteValue, SyncDot, utc } from './speed-values.tsx';

export interface PmtaSpeedsTableProps extends ListTableProps<HydraCollection<PmtaSpeed>> {
  selection: Selection<PmtaSpeed>;
  onDelete: (speed: PmtaSpeed) => void;
}

export const speedName = (s: PmtaSpeed) => `${s.pmtaRelay.smtpHost} ${s.provider.name}`;

/** Dot, relay, mail service, local and remote value and time; Edit and Delete. */
export function PmtaSpeedsTable({ selection, onDelete, ...list }: PmtaSpeedsTableProps) {
  return (
    <DataTable<PmtaSpeed>
      {...list}
      emptyText={M.empty}
      selection={selection}
      columns={[
        { title: '', key: 'synced', width: 36, align: 'center', render: (_, s) => <SyncDot speed={s} /> },
        { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
        {
          title: 'PMTA Relay',
          key: 'pmtaRelay.smtpHost',
          sorter: true,
          render: (_, s) => s.pmtaRelay.smtpHost,
        },
        { title: 'Mail Service', key: 'provider.name', sorter: true, render: (_, s) => s.provider.name },
        {
          title: 'Local Value',
          key: 'localValue',
          sorter: true,
          render: (_, s) => <LocalValue value={s.localValue} />,
        },
        { title: 'Local Time (UTC)', key: 'localTime', sorter: true, render: (_, s) => utc(s.localTime) },
        {
          title: 'Remote Value',
          key: 'remoteValue',
          sorter: true,
          render: (_, s) => <RemoteValue speed={s} />,
        },
        { title: 'Remote Time (UTC)', key: 'remoteTime', sorter: true, render: (_, s) => utc(s.remoteTime) },
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          width: 180,
          render: (_, s) => (
            <Space size="small">
              <EditButton to={href('pmtaSpeedEdit', { id: s.id })} label={`Edit speed ${speedName(s)}`} />
              <DeleteButton label={`Delete speed ${speedName(s)}`} onClick={() => onDelete(s)} />
            </Space>
          ),
        },
      ]}
    />
  );
}

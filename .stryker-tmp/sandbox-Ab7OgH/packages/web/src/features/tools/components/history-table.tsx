// @ts-nocheck
import { Table } from 'antd';
import type { HistoryRow } from '@console/shared/tools';
import { ToolsMessages as M } from '@console/shared/tools';
import { utc } from './tool-card.tsx';

/** History rows: Relay ID, IP, Domain, Created At, Deleted At (UTC; empty while the relay exists). */
export function HistoryTable({ rows, label }: { rows: HistoryRow[]; label: string }) {
  return (
    <Table<HistoryRow>
      size="small"
      aria-label={label}
      rowKey={(r) => `${r.id} ${r.createdAt.date}`}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: M.noData }}
      columns={[
        { title: 'Relay ID', dataIndex: 'id', width: 90 },
        { title: 'IP', dataIndex: 'ip' },
        { title: 'Domain', dataIndex: 'smtpHost' },
        { title: 'Created At', key: 'createdAt', render: (_, r) => utc(r.createdAt.date) },
        { title: 'Deleted At', key: 'deletedAt', render: (_, r) => (r.deletedAt ? utc(r.deletedAt.date) : '') },
      ]}
    />
  );
}

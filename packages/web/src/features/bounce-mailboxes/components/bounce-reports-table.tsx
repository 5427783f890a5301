import { useState } from 'react';
import { Alert, Button, Descriptions, Modal, Space, Tag, Typography } from 'antd';
import type { HydraCollection } from '@console/shared/hydra';
import type { BounceReport, ReportOutcomeName } from '@console/shared/bounce-mailboxes';
import { DataTable, withTitleMinWidths, type ListTableProps } from '@/components/data-table.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { useBounceReport } from '../api/bounce-mailboxes.ts';

const at = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-');

export const OUTCOME_LABEL: Record<ReportOutcomeName, { label: string; color: string }> = {
  permanent: { label: 'Permanent', color: 'red' },
  temporary: { label: 'Temporary', color: 'orange' },
  infrastructure: { label: 'Infrastructure', color: 'purple' },
  complaint: { label: 'Complaint', color: 'magenta' },
  unmatched: { label: 'Unmatched', color: 'default' },
  none: { label: 'No action', color: 'blue' },
};
const KIND_LABEL = { dsn: 'DSN', arf: 'ARF', other: 'Other' } as const;

/** The report as read: its first 64 KB, byte for byte. */
function RawReport({ id, onClose }: { id: number; onClose: () => void }) {
  const report = useBounceReport(id);
  const r = report.data;
  return (
    <Modal open title={`Report #${id}`} onCancel={onClose} footer={null} width={900}>
      {r && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="Subject" span={2}>
              {r.subject || '(none)'}
            </Descriptions.Item>
            <Descriptions.Item label="Format">{r.format}</Descriptions.Item>
            <Descriptions.Item label="Category">{r.category ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="Diagnostic" span={2}>
              {r.diagnostic ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label="Size">{`${r.size} bytes`}</Descriptions.Item>
            <Descriptions.Item label="Problems">{r.problems.join(', ') || '-'}</Descriptions.Item>
          </Descriptions>
          {r.raw === null ? (
            <Alert
              type="info"
              showIcon
              title={`The raw text was removed on ${at(r.rawPurgedAt)} by the retention job (Data Retention, Bounce reports days); the outcome above is kept.`}
            />
          ) : (
            <>
              <pre
                aria-label="Raw report"
                style={{
                  maxHeight: 480,
                  overflow: 'auto',
                  fontSize: 12,
                  background: '#fafafa',
                  padding: 12,
                  margin: 0,
                }}
              >
                {r.raw}
              </pre>
              <Typography.Text type="secondary">
                {r.size > r.raw.length ? `The first ${r.raw.length} of ${r.size} bytes are kept` : 'Kept'}
                {r.rawKeptUntil ? ` until ${at(r.rawKeptUntil)}.` : '.'}
              </Typography.Text>
            </>
          )}
        </Space>
      )}
    </Modal>
  );
}

/** Time, Mailbox, Type, Outcome, Recipient, Campaign, Relay; the raw report on click. */
export function BounceReportsTable(props: ListTableProps<HydraCollection<BounceReport>>) {
  const [shown, setShown] = useState<number>();
  return (
    <>
      <DataTable<BounceReport>
        {...props}
        emptyText="No report read yet."
        columns={withTitleMinWidths([
          {
            title: 'Time',
            key: 'createdAt',
            sorter: true,
            render: (_, r) => new Date(r.createdAt).toLocaleString(),
          },
          { title: 'Mailbox', key: 'mailbox', render: (_, r) => r.mailbox.name },
          { title: 'Type', key: 'kind', render: (_, r) => KIND_LABEL[r.kind] },
          {
            title: 'Outcome',
            key: 'outcome',
            sorter: true,
            render: (_, r) => (
              <Space size={4} wrap>
                <Tag color={OUTCOME_LABEL[r.outcome].color}>{OUTCOME_LABEL[r.outcome].label}</Tag>
                {r.problems.includes('duplicate') && <Tag>Duplicate</Tag>}
              </Space>
            ),
          },
          { title: 'Recipient', key: 'recipient', sorter: true, render: (_, r) => r.recipient ?? '-' },
          {
            title: 'Campaign',
            key: 'campaign',
            render: (_, r) => (r.campaign ? `#${r.campaign.id} ${r.campaign.name}` : '-'),
          },
          { title: 'Relay', key: 'relayId', render: (_, r) => (r.relayId ? `#${r.relayId}` : '-') },
          {
            title: 'Report',
            key: 'raw',
            fixed: 'right',
            render: (_, r) => (
              <Button size="small" aria-label={`Show report ${r.id}`} onClick={() => setShown(r.id)}>
                Show
              </Button>
            ),
          },
        ])}
        onRow={(r) => ({ onClick: () => setShown(r.id), style: { cursor: 'pointer' } })}
      />
      {shown !== undefined && <RawReport id={shown} onClose={() => setShown(undefined)} />}
    </>
  );
}

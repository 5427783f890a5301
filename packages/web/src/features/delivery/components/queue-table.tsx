import { useState } from 'react';
import { Button, Space, Table, Typography } from 'antd';
import type { DeliveryQueue, PmtaQueueAction } from '@console/shared/delivery';
import { confirm, operationError, toast } from '@/components/feedback.tsx';
import { ModeTag } from './mode-tag.tsx';
import { When } from '@/components/when.tsx';

const DONE: Record<PmtaQueueAction, string> = {
  normal: 'back to normal mode',
  pause: 'paused',
  resume: 'resumed',
  delete: 'deleted',
};

const num = (n: number | null) => (n === null ? '-' : n.toLocaleString('en-US'));

interface Props {
  queues: DeliveryQueue[];
  loading: boolean;
  act: (queue: string, action: PmtaQueueAction) => Promise<{ deleted: number | null }>;
}

/** One server's queues (domain/VMTA), each with the actions its owner may take. */
export function QueueTable({ queues, loading, act }: Props) {
  const [busy, setBusy] = useState<string>();

  async function run(q: DeliveryQueue, action: PmtaQueueAction) {
    setBusy(q.queue);
    try {
      await act(q.queue, action);
      toast.success(`${q.queue}: ${DONE[action]}.`);
    } catch (e) {
      toast.error(operationError(e));
    } finally {
      setBusy(undefined);
    }
  }
  // The confirmation names the count the screen shows; the toast, the count the server deleted.
  const remove = (q: DeliveryQueue) =>
    confirm({
      title: `Delete the ${num(q.recipients)} recipients queued in ${q.queue}?`,
      content: 'PowerMTA drops them without a bounce; they are not sent.',
      okText: 'Delete',
      danger: true,
      errorPrefix: '',
      onOk: async () => {
        const r = await act(q.queue, 'delete');
        toast.success(`${r.deleted ?? 0} recipients deleted from ${q.queue}.`);
      },
    });

  return (
    <Table<DeliveryQueue>
      size="small"
      rowKey="queue"
      loading={loading}
      dataSource={queues}
      pagination={queues.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No queues.' }}
      columns={[
        { title: 'Queue', dataIndex: 'queue', key: 'queue' },
        { title: 'Mail service', dataIndex: 'mailService', key: 'mailService' },
        {
          title: 'Mode',
          key: 'mode',
          render: (_, q) => <ModeTag backoff={q.mode === 'backoff'} paused={q.paused} reply={q.backoffReason} />,
        },
        { title: 'Since', key: 'modeSince', render: (_, q) => <When at={q.modeSince} /> },
        { title: 'Recipients', key: 'recipients', align: 'right', render: (_, q) => num(q.recipients) },
        { title: 'Size (kB)', key: 'kb', align: 'right', render: (_, q) => num(q.kb) },
        { title: 'Conn.', key: 'connections', align: 'right', render: (_, q) => num(q.connections) },
        {
          title: 'Last error',
          key: 'lastError',
          render: (_, q) =>
            q.lastError ? (
              <Typography.Text type="danger" ellipsis={{ tooltip: q.lastError }} style={{ maxWidth: 260 }}>
                {q.lastError}
              </Typography.Text>
            ) : (
              '-'
            ),
        },
        { title: 'Delivered 1h', key: 'delivered1h', align: 'right', render: (_, q) => num(q.delivered1h) },
        { title: 'Deferred 1h', key: 'deferred1h', align: 'right', render: (_, q) => num(q.deferred1h) },
        { title: 'Next retry', key: 'nextRetry', render: (_, q) => <When at={q.nextRetry} /> },
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          render: (_, q) => (
            <Space size={4}>
              {q.mode === 'backoff' && (
                <Button size="small" loading={busy === q.queue} onClick={() => void run(q, 'normal')}>
                  Normal mode
                </Button>
              )}
              <Button
                size="small"
                disabled={busy !== undefined}
                onClick={() => void run(q, q.paused ? 'resume' : 'pause')}
              >
                {q.paused ? 'Resume' : 'Pause'}
              </Button>
              <Button
                size="small"
                danger
                disabled={busy !== undefined || q.recipients === 0}
                onClick={() => void remove(q)}
              >
                Delete
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}

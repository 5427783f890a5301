import { Table, Typography } from 'antd';
import type { DeliveryService } from '@console/shared/delivery';
import { ModeTag } from './mode-tag.tsx';
import { When } from '@/components/when.tsx';

const num = (n: number | null) => (n === null ? '-' : n.toLocaleString('en-US'));

/** One server's queues summed per mail service, the services in backoff first, with their top domains. */
export function ServiceTable({ services }: { services: DeliveryService[] }) {
  return (
    <Table<DeliveryService>
      size="small"
      pagination={false}
      rowKey="mailServiceId"
      dataSource={services}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No queues.' }}
      columns={[
        { title: 'Mail service', dataIndex: 'mailService', key: 'mailService' },
        {
          title: 'State',
          key: 'state',
          render: (_, s) => (
            <ModeTag backoff={s.inBackoff > 0} paused={s.paused > 0 && s.paused === s.queues} reply={s.backoffReply} />
          ),
        },
        { title: 'Recipients', key: 'recipients', align: 'right', render: (_, s) => num(s.recipients) },
        { title: 'Size (kB)', key: 'kb', align: 'right', render: (_, s) => num(s.kb) },
        {
          title: 'Queues',
          key: 'queues',
          align: 'right',
          render: (_, s) =>
            `${s.queues}${s.inBackoff ? ` (${s.inBackoff} in backoff)` : ''}${s.paused ? `, ${s.paused} paused` : ''}`,
        },
        { title: 'Backoff since', key: 'backoffSince', render: (_, s) => <When at={s.backoffSince} /> },
        {
          title: 'Reply',
          key: 'reply',
          render: (_, s) =>
            s.backoffReply ? (
              <Typography.Text type="danger" ellipsis={{ tooltip: s.backoffReply }} style={{ maxWidth: 280 }}>
                {s.backoffReply}
              </Typography.Text>
            ) : (
              '-'
            ),
        },
        { title: 'Delivered 1h', key: 'delivered1h', align: 'right', render: (_, s) => num(s.delivered1h) },
        { title: 'Deferred 1h', key: 'deferred1h', align: 'right', render: (_, s) => num(s.deferred1h) },
        {
          title: 'Top domains',
          key: 'topDomains',
          render: (_, s) => s.topDomains.map((d) => `${d.domain} (${num(d.recipients)})`).join(', ') || '-',
        },
      ]}
    />
  );
}

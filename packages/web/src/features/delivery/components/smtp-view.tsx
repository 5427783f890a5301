import { Alert, Table, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { SmtpDelivery } from '@console/shared/delivery';
import { PausedNote, ResumeButton } from '@/components/relay-pause.tsx';
import { smtpDeliveryKey, useSmtpDelivery } from '../api/delivery.ts';
import { ModeTag } from './mode-tag.tsx';
import { When } from '@/components/when.tsx';

/** The console's own engine: each SMTP relay per mail service, paced or in backoff, its last reply. */
export function SmtpView() {
  const relays = useSmtpDelivery();
  const client = useQueryClient();
  // A relay paused for a mail service (decision 1442): its owner resumes it there.
  const refresh = () => client.invalidateQueries({ queryKey: smtpDeliveryKey });
  if (relays.error) return <Alert type="error" showIcon title={String(relays.error)} />;
  return (
    <Table<SmtpDelivery>
      size="small"
      loading={relays.isLoading}
      rowKey={(r) => `${r.relayId}:${r.mailServiceId}`}
      dataSource={relays.data?.items ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No SMTP relays.' }}
      columns={[
        { title: 'Relay', key: 'relay', render: (_, r) => `${r.relay} (${r.host})` },
        { title: 'Mail service', key: 'mailService', render: (_, r) => r.mailService || '-' },
        {
          title: 'State',
          key: 'state',
          render: (_, r) => (
            <>
              <ModeTag backoff={r.backoff} reply={r.lastReply} />
              {r.paused && <PausedNote reason={r.paused.reason} since={r.paused.since} />}
            </>
          ),
        },
        { title: 'Backoff since', key: 'backoffSince', render: (_, r) => <When at={r.backoffSince} /> },
        {
          title: 'Speed',
          key: 'speed',
          render: (_, r) => (r.speed > 0 ? `1 message / ${r.speed} s` : 'unpaced'),
        },
        {
          title: 'Last reply',
          key: 'lastReply',
          render: (_, r) =>
            r.lastReply ? (
              <Typography.Text type="danger" ellipsis={{ tooltip: r.lastReply }} style={{ maxWidth: 280 }}>
                {r.lastReply}
              </Typography.Text>
            ) : (
              '-'
            ),
        },
        { title: 'At', key: 'lastReplyAt', render: (_, r) => <When at={r.lastReplyAt} /> },
        { title: 'Delivered 1h', dataIndex: 'delivered1h', key: 'delivered1h', align: 'right' },
        { title: 'Deferred 1h', dataIndex: 'deferred1h', key: 'deferred1h', align: 'right' },
        { title: 'Bounced 1h', dataIndex: 'bounced1h', key: 'bounced1h', align: 'right' },
        {
          title: 'Actions',
          key: 'actions',
          render: (_, r) => r.paused && <ResumeButton pause={r} after={refresh} />,
        },
      ]}
    />
  );
}

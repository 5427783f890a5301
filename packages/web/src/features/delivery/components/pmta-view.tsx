import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { DeliveryServer, PmtaQueueAction } from '@console/shared/delivery';
import { pmtaDeliveryKey, queueAction, useDeliveryServers, useServerQueues } from '../api/delivery.ts';
import { QueueTable } from './queue-table.tsx';
import { ServiceTable } from './service-table.tsx';
import { When } from '@/components/when.tsx';

function ServerTitle({ s }: { s: DeliveryServer }) {
  return (
    <Flex gap={8} align="center" wrap>
      <span>
        {s.name} ({s.serverIp})
      </span>
      {s.inBackoff > 0 && <Tag color="red">{s.inBackoff} in backoff</Tag>}
      <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 12 }}>
        {s.readAt ? (
          <>
            read <When at={s.readAt} /> over {s.source === 'ssh' ? 'SSH' : 'HTTP'}
          </>
        ) : (
          'not read yet'
        )}
      </Typography.Text>
    </Flex>
  );
}

/** Every PMTA server's queues by mail service; one server's queues with their actions below its card. */
export function PmtaView() {
  const servers = useDeliveryServers();
  const [open, setOpen] = useState<number>();
  const queues = useServerQueues(open);
  const client = useQueryClient();

  const act = async (queue: string, action: PmtaQueueAction) => {
    const r = await queueAction(open!, queue, action);
    await client.invalidateQueries({ queryKey: pmtaDeliveryKey });
    return r;
  };

  if (servers.error) return <Alert type="error" showIcon title={String(servers.error)} />;
  const items = servers.data?.items ?? [];
  if (!servers.isLoading && !items.length) return <Empty description="No PMTA servers." />;
  return (
    <Flex vertical gap={16}>
      {items.map((s) => (
        <Card
          key={s.id}
          size="small"
          title={<ServerTitle s={s} />}
          aria-label={`PMTA server ${s.name}`}
          extra={
            <Button size="small" onClick={() => setOpen(open === s.id ? undefined : s.id)}>
              {open === s.id ? 'Hide queues' : 'Queues'}
            </Button>
          }
        >
          {s.error && <Alert type="warning" showIcon title={s.error} style={{ marginBottom: 8 }} />}
          <ServiceTable services={s.services} />
          {open === s.id && (
            <div style={{ marginTop: 12 }}>
              <QueueTable queues={queues.data?.items ?? []} loading={queues.isLoading} act={act} />
            </div>
          )}
        </Card>
      ))}
    </Flex>
  );
}

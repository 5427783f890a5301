import type { ReactNode } from 'react';
import { Button, Flex, Space, Tag, Typography } from 'antd';
import type { RelayPause } from '@console/shared/relays';
import { DeliveryMessages } from '@console/shared/delivery';
import { confirm, toast } from '@/components/feedback.tsx';
import { When } from '@/components/when.tsx';
import { resumeSmtpRelay } from '@/lib/relays.ts';

/** An SMTP relay paused for one mail service (decision 1442), as the Delivery screen and the relay screens show it. */
export interface RelayPauseShown {
  relayId: number;
  relay: string;
  mailServiceId: number;
  mailService: string;
}

/**
 * Resume, after a confirmation that says the 24 hours: the relay sends to the mail service again; `after`
 * refreshes what the screen shows (decisions 1442, 1475).
 */
const askResume = (p: RelayPauseShown, after: () => Promise<unknown>) =>
  confirm({
    title: `Resume ${p.relay} for ${p.mailService}?`,
    content: DeliveryMessages.resumeConfirm,
    okText: 'Resume',
    onOk: async () => {
      await resumeSmtpRelay(p.relayId, p.mailServiceId);
      toast.success(`${p.relay} resumed for ${p.mailService}.`);
      await after();
    },
  });

/** The `paused` tag (with the service when `service` is given), the reason and since when. */
export function PausedNote({ reason, since, service }: { reason: string; since: string; service?: string }) {
  return (
    <>
      <Tag color="orange">{service ? `paused for ${service}` : 'paused'}</Tag>
      <Typography.Paragraph type="danger" style={{ margin: '4px 0 0', maxWidth: 360 }}>
        {reason} (<When at={since} />)
      </Typography.Paragraph>
    </>
  );
}

/** The Resume button of a paused relay and service, named for both (the confirmation follows). */
export function ResumeButton({ pause, after }: { pause: RelayPauseShown; after: () => Promise<unknown> }) {
  return (
    <Button
      size="small"
      aria-label={`Resume ${pause.relay} for ${pause.mailService}`}
      onClick={() => void askResume(pause, after)}
    >
      Resume
    </Button>
  );
}

/**
 * The mail services a relay is paused for (decisions 1475, 1481), either kind: each with its reason and since
 * when, and `action` beside it (an SMTP relay's Resume; a PMTA relay resumes from its Mail Services card).
 * `compact` for a table cell: one line of tag, since when and action, the reason on one line below (whole in
 * its tooltip); a dash when none.
 */
export function RelayPauseList({
  pauses,
  compact = false,
  action,
}: {
  pauses: RelayPause[];
  compact?: boolean;
  action?: (p: RelayPause) => ReactNode;
}) {
  if (!pauses.length) return compact ? <>-</> : null;
  return (
    <Flex vertical gap={compact ? 8 : 16}>
      {pauses.map((p) =>
        compact ? (
          <div key={p.mailService.id}>
            <Space size={6} wrap={false}>
              <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                paused for {p.mailService.name}
              </Tag>
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                <When at={p.since} />
              </Typography.Text>
              {action?.(p)}
            </Space>
            <Typography.Text type="danger" ellipsis={{ tooltip: p.reason }} style={{ display: 'block', maxWidth: 300 }}>
              {p.reason}
            </Typography.Text>
          </div>
        ) : (
          <div key={p.mailService.id}>
            <PausedNote reason={p.reason} since={p.since} service={p.mailService.name} />
            {action && <div style={{ marginTop: 4 }}>{action(p)}</div>}
          </div>
        ),
      )}
    </Flex>
  );
}

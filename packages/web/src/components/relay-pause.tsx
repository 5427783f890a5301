import { Button, Tag, Typography } from 'antd';
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

import { Space, Tag, Tooltip } from 'antd';
import { ProcessMessages } from '@console/shared/processes';
import { useSendersRunning } from '@/lib/senders.ts';
import { CampaignStatusLabels, type CampaignStatusValue } from '@console/shared/campaigns';
import { CampaignStatus } from '@console/shared/enums';

const COLORS: Record<number, string> = {
  [CampaignStatus.Active]: 'processing',
  [CampaignStatus.Inactive]: 'default',
  [CampaignStatus.Preparing]: 'blue',
  [CampaignStatus.Paused]: 'warning',
  [CampaignStatus.Finished]: 'success',
};

/** The statuses that wait for a worker: Preparing (its prepare job) and Active (its sender). */
const NEEDS_SENDER = new Set<number>([CampaignStatus.Preparing, CampaignStatus.Active]);

/**
 * The status's label; while active, the completion percent beside it, and "No sender is running" when no
 * live process sends (issue 23: the numbers stand still, nothing is wrong with the campaign itself), while
 * Preparing too (issue 38: a campaign saved and started with no worker never leaves Preparing).
 */
export function StatusTag({
  status,
  completion,
  pauseReason,
}: {
  status: number;
  completion?: number;
  /** Why the console paused it (no relay left, a complaint or bounce rate: decision 1391), on hover. */
  pauseReason?: string | null;
}) {
  const label = CampaignStatusLabels[status as CampaignStatusValue] ?? String(status);
  const active = status === CampaignStatus.Active && completion !== undefined;
  const waits = NEEDS_SENDER.has(status);
  const senders = useSendersRunning(waits);
  const idle = waits && senders.data?.running === 0;
  return (
    <Space size={4} wrap>
      <Tooltip title={status === CampaignStatus.Paused ? pauseReason : undefined}>
        <Tag color={COLORS[status]} data-testid="campaign-status" style={{ marginInlineEnd: 0 }}>
          {label}
          {active && ` ${completion.toFixed(1)}%`}
        </Tag>
      </Tooltip>
      {idle && (
        <Tooltip title={ProcessMessages.noSenderHelp}>
          <Tag color="error" data-testid="no-sender" style={{ marginInlineEnd: 0 }}>
            {ProcessMessages.noSender}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}

// @ts-nocheck
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

/**
 * The status's label; while active, the completion percent beside it, and "No sender is running" when no
 * live process sends (issue 23: the numbers stand still, nothing is wrong with the campaign itself).
 */
export function StatusTag({ status, completion }: { status: number; completion?: number }) {
  const label = CampaignStatusLabels[status as CampaignStatusValue] ?? String(status);
  const active = status === CampaignStatus.Active && completion !== undefined;
  const senders = useSendersRunning(status === CampaignStatus.Active);
  const idle = status === CampaignStatus.Active && senders.data?.running === 0;
  return (
    <Space size={4} wrap>
      <Tag color={COLORS[status]} data-testid="campaign-status" style={{ marginInlineEnd: 0 }}>
        {label}
        {active && ` ${completion.toFixed(1)}%`}
      </Tag>
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

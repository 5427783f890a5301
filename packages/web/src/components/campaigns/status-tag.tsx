import { Tag } from 'antd';
import { CampaignStatusLabels, type CampaignStatusValue } from '@console/shared/campaigns';
import { CampaignStatus } from '@console/shared/enums';

const COLORS: Record<number, string> = {
  [CampaignStatus.Active]: 'processing',
  [CampaignStatus.Inactive]: 'default',
  [CampaignStatus.Preparing]: 'blue',
  [CampaignStatus.Paused]: 'warning',
  [CampaignStatus.Finished]: 'success',
};

/** The status's label; while active, the completion percent beside it. */
export function StatusTag({ status, completion }: { status: number; completion?: number }) {
  const label = CampaignStatusLabels[status as CampaignStatusValue] ?? String(status);
  const active = status === CampaignStatus.Active && completion !== undefined;
  return (
    <Tag color={COLORS[status]} data-testid="campaign-status" style={{ marginInlineEnd: 0 }}>
      {label}
      {active && ` ${completion.toFixed(1)}%`}
    </Tag>
  );
}

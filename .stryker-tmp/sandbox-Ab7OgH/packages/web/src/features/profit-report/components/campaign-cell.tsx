// @ts-nocheck
import { Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { CampaignType, CampaignTypeLabels } from '@console/shared/enums';
import type { ProfitReportRow } from '@console/shared/profit-report';
import { href } from '@/lib/routes.ts';

/** A campaign of the report by campaign: its kind, id and name, linked to its statistics screen. */
export function CampaignCell({ row }: { row: ProfitReportRow }) {
  const id = row.campaign_id!;
  const smtp = row.campaign_type === CampaignType.SMTP;
  const to = smtp ? href('smtpCampaignStatistics', { id }) : href('pmtaCampaignStatistics', { id });
  return (
    <Space size={6}>
      <Tag color={smtp ? 'blue' : 'purple'} style={{ marginInlineEnd: 0 }}>
        {CampaignTypeLabels[row.campaign_type!]}
      </Tag>
      <Typography.Text type="secondary">#{id}</Typography.Text>
      <Link to={to}>{row.campaign_name ?? `Campaign #${id}`}</Link>
    </Space>
  );
}

import { Button, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table/interface';
import { Link } from 'react-router';
import type { HydraCollection } from '@console/shared/hydra';
import type { SmtpCampaign } from '@console/shared/campaigns';
import { DataTable, type ListTableProps, ownerColumn } from '@/components/data-table.tsx';
import { RatingTag } from '@/components/rating-tag.tsx';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { previewCampaignMessage } from '../api/smtp-campaigns.ts';
import { campaignDate } from '../format.ts';
import { showPreview } from '@/components/preview-window.ts';
import { CampaignActions } from './campaign-actions.tsx';
import { StatusTag } from './status-tag.tsx';

export interface CampaignsTableProps extends ListTableProps<HydraCollection<SmtpCampaign>> {
  /** The 'Finished campaigns' section: End Date, the name links to the statistics. */
  finished?: boolean;
}

/** A start date, or the scheduled one (in grey) before it starts. */
const startCell = (c: SmtpCampaign) =>
  c.startDate ? (
    campaignDate(c.startDate)
  ) : c.scheduledStart ? (
    <Typography.Text type="secondary" title="Scheduled start (UTC)">
      <ClockCircleOutlined /> {campaignDate(c.scheduledStart)}
    </Typography.Text>
  ) : (
    ''
  );

/**
 * ID, Status (with completion while active), Name, E-mail List, Message (opens the preview), Offer link
 * group, Relay Status, Relay Group, Start Date, [End Date], Owner (admin), Actions.
 */
export function CampaignsTable({ finished, ...props }: CampaignsTableProps) {
  const isAdmin = useIsAdmin();
  const columns: ColumnType<SmtpCampaign>[] = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 70 },
    {
      title: 'Status',
      key: 'status',
      render: (_, c) => <StatusTag status={c.status} completion={c.completion} />,
    },
    {
      title: 'Name',
      key: 'name',
      render: (_, c) => (finished ? <Link to={href('smtpCampaignStatistics', { id: c.id })}>{c.name}</Link> : c.name),
    },
    { title: 'E-mail List', key: 'emailList', render: (_, c) => c.emailList.name },
    {
      title: 'Message',
      key: 'message',
      render: (_, c) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          aria-label={`Preview message of campaign ${c.name}`}
          onClick={() => void showPreview(() => previewCampaignMessage(c.message.id, c.id))}
        >
          {c.message.name}
        </Button>
      ),
    },
    { title: 'Offer link group', key: 'offerLinks', render: (_, c) => c.offerLinks?.name ?? '' },
    { title: 'Relay Status', key: 'relayStatus', render: (_, c) => <RatingTag value={c.relayStatus} /> },
    { title: 'Relay Group', key: 'relayGroup', render: (_, c) => c.relayGroup.name },
    { title: 'Start Date', key: 'startDate', render: (_, c) => startCell(c) },
    ...(finished
      ? [{ title: 'End Date', key: 'endDate', render: (_: unknown, c: SmtpCampaign) => campaignDate(c.endDate) }]
      : []),
    ...ownerColumn<SmtpCampaign>(isAdmin, false),
    {
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      render: (_, c) => <CampaignActions campaign={c} />,
    },
  ];
  // Small rows: twelve columns and the pinned actions fit a 1400 px window.
  return (
    <DataTable<SmtpCampaign>
      {...props}
      size="small"
      emptyText="There are no Campaigns"
      paging="prevNext"
      columns={columns}
    />
  );
}

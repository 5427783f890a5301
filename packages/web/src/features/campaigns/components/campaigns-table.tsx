import { Button, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table/interface';
import { Link } from 'react-router';
import type { HydraCollection } from '@console/shared/hydra';
import type { CampaignItem } from '@console/shared/campaigns';
import { DataTable, type ListTableProps, ownerColumn, withTitleMinWidth } from '@/components/data-table.tsx';
import { RatingTag } from '@/components/rating-tag.tsx';
import { showPreview } from '@/components/preview-window.ts';
import { CampaignKinds, campaignDate, previewCampaignMessage, type CampaignKind } from '../api/campaigns.ts';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { CampaignActions } from './campaign-actions.tsx';
import { StatusTag } from './status-tag.tsx';

export interface CampaignsTableProps<C extends CampaignItem> extends ListTableProps<HydraCollection<C>> {
  kind: CampaignKind;
  /** The kind's own columns, after Message (SMTP: the offer link group; PMTA: offer and sender). */
  columns: ColumnType<C>[];
  /** The 'Finished campaigns' section: End Date. */
  finished?: boolean;
}

/** A start date, or the scheduled one (in grey) before it starts. */
const startCell = (c: CampaignItem) =>
  c.startDate ? (
    campaignDate(c.startDate)
  ) : c.scheduledStart ? (
    <Typography.Text type="secondary" title="Scheduled start (UTC)">
      <ClockCircleOutlined /> {campaignDate(c.scheduledStart)}
    </Typography.Text>
  ) : (
    ''
  );

/** A date's cell: it may wrap at its spaces, never inside a number. */
const DATE = { overflowWrap: 'normal', wordBreak: 'keep-all' } as const;

/**
 * ID, Status (with completion while active), Name (links to the statistics), E-mail List, Message (opens
 * the preview), the kind's own columns, Relay Status, Relay Group, Start Date, [End Date], Owner (admin),
 * Actions.
 */
export function CampaignsTable<C extends CampaignItem>({
  kind,
  columns: own,
  finished,
  ...props
}: CampaignsTableProps<C>) {
  const isAdmin = useIsAdmin();
  const columns: ColumnType<C>[] = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 70 },
    {
      title: 'Status',
      key: 'status',
      render: (_, c) => <StatusTag status={c.status} completion={c.completion} pauseReason={c.pauseReason} />,
    },
    {
      title: 'Name',
      key: 'name',
      render: (_, c) => <Link to={href(CampaignKinds[kind].routes.statistics, { id: c.id })}>{c.name}</Link>,
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
          onClick={() => void showPreview(() => previewCampaignMessage(kind, c.message.id, c.id))}
        >
          {c.message.name}
        </Button>
      ),
    },
    ...own,
    { title: 'Relay Status', key: 'relayStatus', render: (_, c) => <RatingTag value={c.relayStatus} /> },
    { title: 'Relay Group', key: 'relayGroup', render: (_, c) => c.relayGroup.name },
    // Dates break between day and time only, never inside the year (issue 38, 1000 px).
    { title: 'Start Date', key: 'startDate', render: (_, c) => <span style={DATE}>{startCell(c)}</span> },
    ...(finished
      ? [
          {
            title: 'End Date',
            key: 'endDate',
            render: (_: unknown, c: C) => <span style={DATE}>{campaignDate(c.endDate)}</span>,
          },
        ]
      : []),
    ...ownerColumn<C>(isAdmin, false),
    // Not pinned: up to thirteen columns share the width, and a pinned column would cover some (issue 22).
    { title: 'Actions', key: 'actions', render: (_, c) => <CampaignActions kind={kind} campaign={c} /> },
  ];
  // Small rows: twelve columns and the actions fit a 1400 px window without scrolling sideways.
  return (
    <DataTable<C>
      {...props}
      size="small"
      emptyText="There are no Campaigns"
      paging="prevNext"
      columns={columns.map(withTitleMinWidth)}
    />
  );
}

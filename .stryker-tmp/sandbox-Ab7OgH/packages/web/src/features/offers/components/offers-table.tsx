// @ts-nocheck
import { Button, Space, Tag, Typography } from 'antd';
import { EditOutlined, InboxOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { HydraCollection } from '@console/shared/hydra';
import { decodeOfferUrl, type Offer } from '@console/shared/offers';
import { href } from '@/lib/routes.ts';
import { DataTable, type ListTableProps } from '@/components/data-table.tsx';
import { confirm, toast } from '@/components/feedback.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useArchiveOffer } from '../api/offers.ts';
import { HealthIcon } from './health-icon.tsx';

export interface OffersTableProps extends ListTableProps<HydraCollection<Offer>> {
  /** The Archive date column: administrators filtering by archive. */
  showArchiveDate: boolean;
}

export function OffersTable({ showArchiveDate, ...props }: OffersTableProps) {
  const isAdmin = useIsAdmin();
  const archive = useArchiveOffer();
  const askArchive = (offer: Offer) =>
    confirm({
      title: 'Are you sure you want to move it to the archive?',
      content: `Offer #${offer.id} ${offer.name}`,
      okText: 'Archive',
      onOk: () => archive.mutateAsync(offer.id),
      errorPrefix: 'Failed: ',
    }).then((ok) => ok && toast.success('Archived successfully!'));

  return (
    <DataTable<Offer>
      {...props}
      paging="prevNext"
      emptyText="No offers found."
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 70 },
        { title: 'Health', key: 'health', width: 70, align: 'center', render: (_, o) => <HealthIcon offer={o} /> },
        {
          title: 'Name',
          key: 'name',
          render: (_, o) => (
            <Space size={6}>
              {isAdmin ? <Link to={href('offersEdit', { id: o.id })}>{o.name}</Link> : o.name}
              {o.archive && <Tag variant="filled">Archived</Tag>}
            </Space>
          ),
        },
        {
          title: 'Url',
          key: 'url',
          render: (_, o) => (
            // At most 360 px and two lines (cut, whole in the tooltip); it wraps anywhere, so the column
            // narrows on a narrow window and Category and Owner stay clear of the pinned actions (issue 22).
            <Typography.Paragraph
              style={{ maxWidth: 360, margin: 0, overflowWrap: 'anywhere' }}
              ellipsis={{ rows: 2, tooltip: decodeOfferUrl(o.url) }}
            >
              {decodeOfferUrl(o.url)}
            </Typography.Paragraph>
          ),
        },
        { title: 'Category', key: 'category', render: (_, o) => o.category.name },
        ...(isAdmin ? [{ title: 'Owner', key: 'owner', render: (_: unknown, o: Offer) => o.user.username }] : []),
        ...(isAdmin && showArchiveDate
          ? [
              {
                title: 'Archive date',
                key: 'archive',
                render: (_: unknown, o: Offer) => (o.archive ? dayjs(o.archive).format('YYYY-MM-DD HH:mm') : ''),
              },
            ]
          : []),
        ...(isAdmin
          ? [
              {
                title: 'Actions',
                key: 'actions',
                // Pinned: a long Url must never push Edit and Archive out of sight.
                fixed: 'right' as const,
                render: (_: unknown, o: Offer) => (
                  <Space size="small">
                    <Link to={href('offersEdit', { id: o.id })}>
                      <Button size="small" icon={<EditOutlined />} aria-label={`Edit offer ${o.name}`}>
                        Edit
                      </Button>
                    </Link>
                    <Button
                      size="small"
                      icon={<InboxOutlined />}
                      disabled={o.archive !== null}
                      aria-label={`Archive offer ${o.name}`}
                      onClick={() => void askArchive(o)}
                    >
                      Archive
                    </Button>
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

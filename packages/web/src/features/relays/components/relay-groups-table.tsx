import { Button, Space, Tag } from 'antd';
import { ApartmentOutlined, EditOutlined, InboxOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { HydraCollection } from '@console/shared/hydra';
import { RelayGroupMessages as M, type RelayGroup, type RelayGroupKind } from '@console/shared/relay-groups';
import { DataTable, type ListTableProps, ownerColumn } from '@/components/data-table.tsx';
import { confirm, toast } from '@/components/feedback.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useArchiveRelayGroup } from '../api/relay-groups.ts';
import { kindScreens } from '../kinds.ts';

export interface RelayGroupsTableProps extends ListTableProps<HydraCollection<RelayGroup>> {
  kind: RelayGroupKind;
  /** The Archive date column: when the list may hold archived groups (the filter is not Current). */
  showArchiveDate: boolean;
}

/** ID, Name, Relays, Owner (admin), Archive date (archived rows), Actions; archived rows hide every action. */
export function RelayGroupsTable({ kind, showArchiveDate, ...props }: RelayGroupsTableProps) {
  const isAdmin = useIsAdmin();
  const archive = useArchiveRelayGroup();
  const screens = kindScreens[kind];
  const askArchive = (g: RelayGroup) =>
    confirm({
      title: M.archiveConfirm,
      content: `Group #${g.id} ${g.name}`,
      okText: 'Archive',
      onOk: () => archive.mutateAsync({ kind, id: g.id }),
      errorPrefix: 'Failed: ',
    }).then((ok) => ok && toast.success(M.archived));

  return (
    <DataTable<RelayGroup>
      {...props}
      emptyText="Nothing to show."
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
        {
          title: 'Name',
          key: 'name',
          sorter: true,
          render: (_, g) => (
            <Space size={6}>
              {g.name}
              {g.archive && <Tag variant="filled">Archived</Tag>}
            </Space>
          ),
        },
        { title: 'Relays', key: 'relaysCount', width: 90, align: 'right', render: (_, g) => g.relaysCount },
        ...ownerColumn<RelayGroup>(isAdmin),
        ...(showArchiveDate
          ? [
              {
                title: 'Archive date',
                key: 'archive',
                render: (_: unknown, g: RelayGroup) => (g.archive ? dayjs(g.archive).format('YYYY-MM-DD HH:mm') : ''),
              },
            ]
          : []),
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          render: (_, g) =>
            g.archive ? null : (
              <Space size="small" wrap>
                <Link to={href(screens.edit, { id: g.id })}>
                  <Button size="small" icon={<EditOutlined />} aria-label={`Edit group ${g.name}`}>
                    Edit
                  </Button>
                </Link>
                <Link to={href(screens.relays, { groupId: g.id })}>
                  <Button size="small" icon={<ApartmentOutlined />} aria-label={`Relays of group ${g.name}`}>
                    Relays
                  </Button>
                </Link>
                <Button
                  size="small"
                  icon={<InboxOutlined />}
                  aria-label={`Archive group ${g.name}`}
                  onClick={() => void askArchive(g)}
                >
                  Archive
                </Button>
              </Space>
            ),
        },
      ]}
    />
  );
}

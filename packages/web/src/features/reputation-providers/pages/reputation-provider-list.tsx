import { Tag, Typography } from 'antd';
import type { ReputationProvider } from '@console/shared/reputation-providers';
import { DataTable, listTable, withTitleMinWidths } from '@/components/data-table.tsx';
import { Page } from '@/components/page.tsx';
import { EditButton } from '@/components/row-actions.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { dayjs } from '@/lib/dayjs.ts';
import { href } from '@/lib/routes.ts';
import { useReputationProviders } from '../api/reputation-providers.ts';

const yesNo = (v: boolean) => (v ? <Tag color="green">Yes</Tag> : <Tag>No</Tag>);

/** ID, Name, Affects the relay status, Active, what the console does with it, Edit. */
export function ReputationProviderList() {
  const list = useCollectionParams({ pageSize: 100, order: { field: 'id', dir: 'asc' } });
  const providers = useReputationProviders(list.query);
  return (
    <Page title="Reputation Providers">
      <DataTable<ReputationProvider>
        {...listTable(providers, list)}
        emptyText="No reputation providers."
        columns={withTitleMinWidths<ReputationProvider>([
          { title: 'ID', dataIndex: 'id', key: 'id', width: 70 },
          { title: 'Name', dataIndex: 'name', key: 'name' },
          {
            title: 'Affects the relay status',
            key: 'affectsRelayStatus',
            width: 190,
            render: (_, p) => yesNo(p.affectsRelayStatus),
          },
          { title: 'Active', key: 'active', width: 90, render: (_, p) => yesNo(p.active) },
          {
            title: 'How it rates relays',
            key: 'note',
            width: 380,
            render: (_, p) => (
              <Typography.Text
                type={p.kind === 'account' ? 'warning' : 'secondary'}
                style={{ whiteSpace: 'normal', display: 'block' }}
              >
                {p.note}
                {p.lastChecked && (
                  <>
                    {' Last check '}
                    <span style={{ whiteSpace: 'nowrap' }}>{dayjs(p.lastChecked).format('YYYY-MM-DD HH:mm')}</span>.
                  </>
                )}
              </Typography.Text>
            ),
          },
          {
            title: 'Actions',
            key: 'actions',
            fixed: 'right',
            width: 100,
            render: (_, p) => <EditButton to={href('reputationProviderEdit', { id: p.id })} label={`Edit ${p.name}`} />,
          },
        ])}
      />
    </Page>
  );
}

// @ts-nocheck
import { Card, Table } from 'antd';
import { LAST_CAMPAIGNS, type CampaignItem } from '@console/shared/campaigns';
import { campaignDate, useCampaigns, type CampaignKind } from '../api/campaigns.ts';
import { useSession } from '@/lib/session.ts';
import { StatusTag } from './status-tag.tsx';

/** 'Last 10 Campaigns' of the signed-in user (of this kind): status, start date, name, e-mail list. */
export function LastCampaigns({ kind }: { kind: CampaignKind }) {
  const userId = useSession()?.claims.id;
  const query = { _page: 1, itemsPerPage: LAST_CAMPAIGNS, 'user.id': userId };
  const last = useCampaigns(kind, query, userId !== undefined);
  return (
    <Card size="small" title="Last 10 Campaigns" style={{ marginTop: 24 }}>
      <Table<CampaignItem>
        size="small"
        rowKey="id"
        pagination={false}
        loading={last.isFetching}
        dataSource={last.data?.['hydra:member'] ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'There are no Campaigns' }}
        columns={[
          {
            title: 'Status',
            key: 'status',
            render: (_, c) => <StatusTag status={c.status} completion={c.completion} />,
          },
          { title: 'Start Date', key: 'startDate', render: (_, c) => campaignDate(c.startDate) },
          { title: 'Name', dataIndex: 'name', key: 'name' },
          { title: 'E-mail List', key: 'emailList', render: (_, c) => c.emailList.name },
        ]}
      />
    </Card>
  );
}

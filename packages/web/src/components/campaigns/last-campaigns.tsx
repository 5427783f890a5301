import { Card, Table } from 'antd';
import { LAST_CAMPAIGNS, type SmtpCampaign } from '@console/shared/campaigns';
import { useSession } from '@/lib/session.ts';
import { useSmtpCampaigns } from '../api/smtp-campaigns.ts';
import { campaignDate } from '../format.ts';
import { StatusTag } from './status-tag.tsx';

/** 'Last 10 Campaigns' of the signed-in user: status, start date, name, e-mail list. */
export function LastCampaigns() {
  const userId = useSession()?.claims.id;
  const last = useSmtpCampaigns({ _page: 1, itemsPerPage: LAST_CAMPAIGNS, 'user.id': userId }, userId !== undefined);
  return (
    <Card size="small" title="Last 10 Campaigns" style={{ marginTop: 24 }}>
      <Table<SmtpCampaign>
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

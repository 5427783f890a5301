// @ts-nocheck
import { useState } from 'react';
import { Alert, Button, Flex, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { operationError } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { Page } from '@/components/page.tsx';
import { useIsAdmin } from '@/lib/session.ts';
import { useHomeProfit } from '../api/home.ts';
import { GettingStartedCard } from '../components/getting-started.tsx';
import { ProfitTable } from '../components/profit-table.tsx';

/**
 * Home (spec 3): the profit of this and the last month, week and day, and the daily dynamic in percent;
 * a refresh button and, for administrators, a user filter. A refused call shows its first error or its
 * status text. On a new install the Getting started checklist comes first.
 */
export function HomePage() {
  const isAdmin = useIsAdmin();
  const [userId, setUserId] = useState<number>();
  const profit = useHomeProfit(userId);
  return (
    <Page
      title="Profit dynamics"
      extra={
        <Flex gap={8} wrap>
          {isAdmin && <OwnerSelect placeholder="All users" aria-label="User" value={userId} onChange={setUserId} />}
          <Button icon={<ReloadOutlined />} onClick={() => void profit.refetch()} loading={profit.isFetching}>
            Refresh
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <GettingStartedCard />
        {profit.error && <Alert type="error" showIcon title={operationError(profit.error)} />}
        <ProfitTable profit={profit.data} loading={profit.isFetching && !profit.data} />
        <Typography.Text type="secondary">
          Profit of this month, ISO week (from Monday) and day so far, against the whole month, week and day before
          (UTC). Dynamic: this period&apos;s profit per day against the last period&apos;s, in percent.
        </Typography.Text>
      </Flex>
    </Page>
  );
}

import { Card, Typography } from 'antd';
import { LineChartOutlined } from '@ant-design/icons';
import { EmptyState } from '@/components/empty-state.tsx';

/** Home shows the profit dynamics table, which needs campaigns (spec 3); until then a placeholder. */
export function HomePage() {
  return (
    <Card
      title={
        <>
          <LineChartOutlined /> Profit dynamics
        </>
      }
    >
      <EmptyState
        description={
          <Typography.Text type="secondary">
            The profit dynamics report (month, week and day) arrives with campaigns.
          </Typography.Text>
        }
      />
    </Card>
  );
}

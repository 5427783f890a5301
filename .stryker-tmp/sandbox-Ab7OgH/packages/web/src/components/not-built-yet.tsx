// @ts-nocheck
import { Card, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';

/** Stands in for every screen that has not been built yet; it names the screen so nobody wonders. */
export function NotBuiltYet({ screen }: { screen: string }) {
  return (
    <Card>
      <Result icon={<ToolOutlined />} title={screen} subTitle={`The ${screen} screen is not available yet.`} />
    </Card>
  );
}

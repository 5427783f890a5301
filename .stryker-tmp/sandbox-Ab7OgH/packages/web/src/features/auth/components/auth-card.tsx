// @ts-nocheck
import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';

/** The centred card of the guest screens (login, register). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16, background: '#f0f2f5' }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Flex vertical align="center" gap={4} style={{ marginBottom: 24 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            <MailOutlined /> Campaign Console
          </Typography.Title>
          <Typography.Title level={4} style={{ margin: '12px 0 0' }}>
            {title}
          </Typography.Title>
          {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
        </Flex>
        {children}
      </Card>
    </Flex>
  );
}

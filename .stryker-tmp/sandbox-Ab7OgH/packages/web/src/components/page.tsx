// @ts-nocheck
import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';

export interface PageProps {
  title: ReactNode;
  /** Buttons on the right of the title, e.g. 'Create User'. */
  extra?: ReactNode;
  children: ReactNode;
}

/** The frame of every screen: a title row and one card, so all screens line up. */
export function Page({ title, extra, children }: PageProps) {
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      <Card>{children}</Card>
    </Flex>
  );
}

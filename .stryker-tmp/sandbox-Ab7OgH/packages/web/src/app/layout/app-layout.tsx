// @ts-nocheck
import { Suspense, useState } from 'react';
import { Button, Flex, Layout, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import { MailOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link, Outlet } from 'react-router';
import { useProfile } from '@/features/auth/api/auth.ts';
import { ServerClock } from '@/features/dashboard/components/server-clock.tsx';
import { NotificationsDropdown } from '@/features/notifications/components/notifications-dropdown.tsx';
import { href } from '@/lib/routes.ts';
import { SidebarMenu } from './sidebar-menu.tsx';
import { UserMenu } from './user-menu.tsx';
import { useNarrowWindow } from './use-narrow-window.ts';

const SIDER_WIDTH = 240;
const MINI_WIDTH = 64;

/** The signed-in shell: sidebar (mini below 1170 px), header (clock, notifications, user), content. */
export function AppLayout() {
  const narrow = useNarrowWindow();
  // The window's width decides (mini below 1170 px) until the user flips the sidebar; crossing 1170 px
  // again decides anew.
  const [choice, setChoice] = useState<{ narrow: boolean; collapsed: boolean } | null>(null);
  const collapsed = choice?.narrow === narrow ? choice.collapsed : narrow;
  const setCollapsed = (next: (c: boolean) => boolean) => setChoice({ narrow, collapsed: next(collapsed) });
  const { token } = theme.useToken();
  const demo = useProfile().data?.demo === true;

  return (
    <Layout hasSider style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={SIDER_WIDTH}
        collapsedWidth={MINI_WIDTH}
        collapsed={collapsed}
        trigger={null}
        collapsible
        data-testid="sidebar"
        style={{ position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}
      >
        <Link to={href('home')}>
          <Flex
            align="center"
            justify={collapsed ? 'center' : 'flex-start'}
            gap={10}
            style={{ height: 64, padding: collapsed ? 0 : '0 24px' }}
          >
            <MailOutlined style={{ fontSize: 22, color: '#fff' }} />
            {!collapsed && (
              <Typography.Text strong style={{ color: '#fff', fontSize: 16, whiteSpace: 'nowrap' }}>
                Campaign Console
              </Typography.Text>
            )}
          </Flex>
        </Link>
        <SidebarMenu collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 10,
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            padding: '0 16px',
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Button
            type="text"
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed((c) => !c)}
          />
          {demo && (
            <Tooltip title="This console runs on demo data (npm run demo): the servers, recipients and sales are simulated on this machine.">
              <Tag color="gold" data-testid="demo-badge" style={{ fontSize: 14, padding: '2px 10px', margin: 0 }}>
                Demo
              </Tag>
            </Tooltip>
          )}
          <Flex flex={1} justify="flex-end" align="center" gap={8}>
            <ServerClock />
            <NotificationsDropdown />
            <UserMenu />
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

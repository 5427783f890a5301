// @ts-nocheck
import { useRef } from 'react';
import { Badge, Button, Dropdown, Empty, Flex, Typography, theme } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Topics } from '@console/shared/hub';
import { dayjs, NOTIFICATION_DATE } from '@/lib/dayjs.ts';
import { useLiveEvent } from '@/lib/live.ts';
import { toast } from '@/components/feedback.tsx';
import { notificationsKey, useNotifications, useMarkNotificationRead } from '../api/notifications.ts';

/** The header bell: unread count, the list with 'mark as read', and live toasts. */
export function NotificationsDropdown() {
  const { data = [] } = useNotifications();
  const markRead = useMarkNotificationRead();
  const client = useQueryClient();
  const { token } = theme.useToken();

  const toastKeys = useRef(new Set<string>());

  useLiveEvent(Topics.notifications, (e) => {
    const key = `live-${Date.now()}-${toastKeys.current.size}`;
    toastKeys.current.add(key);
    toast[e.status === 'error' ? 'error' : 'success'](e.message, { key });
    void client.invalidateQueries({ queryKey: notificationsKey });
  });

  // The open list shows the same news; the toasts would only cover it.
  const onOpenChange = (open: boolean) => {
    if (!open) return;
    for (const key of toastKeys.current) toast.close(key);
    toastKeys.current.clear();
  };

  const panel = (
    <div
      data-testid="notifications-panel"
      style={{
        width: 360,
        maxHeight: 420,
        overflowY: 'auto',
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
      }}
    >
      <Flex justify="space-between" style={{ padding: '12px 16px', borderBottom: `1px solid ${token.colorSplit}` }}>
        <Typography.Text strong>Notifications</Typography.Text>
        <Typography.Text type="secondary">{data.length} new</Typography.Text>
      </Flex>
      {data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No new notifications" style={{ padding: 16 }} />
      ) : (
        data.map((n) => (
          <div
            key={n.id}
            data-testid="notification"
            style={{ padding: '10px 16px', borderBottom: `1px solid ${token.colorSplit}` }}
          >
            <Flex justify="space-between" align="baseline" gap={8}>
              <Typography.Text strong>{n.subject}</Typography.Text>
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                loading={markRead.isPending && markRead.variables === n.id}
                onClick={() => markRead.mutate(n.id)}
              >
                mark as read
              </Button>
            </Flex>
            <Typography.Paragraph style={{ margin: '2px 0' }}>{n.message}</Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dayjs(n.date).format(NOTIFICATION_DATE)}
            </Typography.Text>
          </div>
        ))
      )}
    </div>
  );

  return (
    <Dropdown trigger={['click']} placement="bottomRight" popupRender={() => panel} onOpenChange={onOpenChange}>
      <Button type="text" aria-label={`Notifications (${data.length})`} data-testid="notifications-bell">
        <Badge count={data.length} size="small" data-testid="notifications-badge">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Dropdown>
  );
}

// @ts-nocheck
import { Avatar, Button, Dropdown, Grid, Space } from 'antd';
import { InfoCircleOutlined, LogoutOutlined, PoweroffOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useLogout, useProfile } from '@/features/auth/api/auth.ts';
import { useSession } from '@/lib/session.ts';
import { href } from '@/lib/routes.ts';

/** The username menu of the header: Profile, About, Logout and End all sessions (every device). */
export function UserMenu() {
  const session = useSession();
  const profile = useProfile();
  const logout = useLogout();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: 'Profile', onClick: () => navigate(href('profile')) },
          { key: 'about', icon: <InfoCircleOutlined />, label: 'About', onClick: () => navigate(href('about')) },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: 'Logout',
            danger: true,
            onClick: () => logout.mutate(false),
          },
          {
            key: 'logout-all',
            // Another icon: the journeys find Logout by its name, which includes the icon's.
            icon: <PoweroffOutlined />,
            label: 'End all sessions',
            danger: true,
            onClick: () => logout.mutate(true),
          },
        ],
      }}
    >
      <Button type="text" data-testid="user-menu" style={{ height: 40 }}>
        <Space>
          <Avatar size="small" icon={<UserOutlined />} />
          {screens.sm && <span>{profile.data?.username ?? session?.username}</span>}
        </Space>
      </Button>
    </Dropdown>
  );
}

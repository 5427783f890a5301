// @ts-nocheck
import { Descriptions } from 'antd';
import { Page } from '@/components/page.tsx';
import { useSession } from '@/lib/session.ts';

/** The spec's profile screen is a placeholder; it shows who is signed in. */
export function ProfilePage() {
  const session = useSession();
  return (
    <Page title="Profile">
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'username', label: 'Username', children: session?.username },
          { key: 'role', label: 'Role', children: session?.isAdmin ? 'Administrator' : 'User' },
        ]}
      />
    </Page>
  );
}

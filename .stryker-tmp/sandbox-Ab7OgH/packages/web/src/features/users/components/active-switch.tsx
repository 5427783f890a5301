// @ts-nocheck
import { Switch } from 'antd';
import type { User } from '@console/shared/users';
import { errorDialog } from '@/components/feedback.tsx';
import { useUpdateUser } from '../api/users.ts';

/** 'is Active' Yes/No: resends the user with the flag flipped; the list reloads on 200. */
export function ActiveSwitch({ user }: { user: User }) {
  const update = useUpdateUser();
  const toggle = () =>
    update.mutate(
      {
        id: user.id,
        username: user.username,
        email: user.email,
        profitRate: user.profitRate,
        isActive: !user.isActive,
      },
      { onError: (e) => errorDialog(e) },
    );
  return (
    <Switch
      checked={user.isActive}
      checkedChildren="Yes"
      unCheckedChildren="No"
      loading={update.isPending}
      onChange={toggle}
      aria-label={`${user.username} is active`}
    />
  );
}

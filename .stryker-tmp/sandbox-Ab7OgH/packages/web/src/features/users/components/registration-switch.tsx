// @ts-nocheck
import { Space, Switch, Typography } from 'antd';
import { errorDialog } from '@/components/feedback.tsx';
import { useRegistration, useSetRegistration } from '../api/users.ts';

/**
 * Whether visitors may create accounts on the register page (they wait for activation); off, the page
 * says that an administrator creates the accounts (decision 1332).
 */
export function RegistrationSwitch() {
  const registration = useRegistration();
  const change = useSetRegistration();
  const on = registration.data?.selfRegistration;
  return (
    <Space>
      <Typography.Text>Sign-ups</Typography.Text>
      <Switch
        checked={on ?? false}
        disabled={on === undefined}
        checkedChildren="Open"
        unCheckedChildren="Closed"
        loading={registration.isLoading || change.isPending}
        onChange={(next) => change.mutate({ selfRegistration: next }, { onError: (e) => errorDialog(e) })}
        aria-label="Anyone may sign up"
      />
    </Space>
  );
}

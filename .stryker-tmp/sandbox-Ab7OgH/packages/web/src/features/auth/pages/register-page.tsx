// @ts-nocheck
import { Alert, Typography } from 'antd';
import { AuthMessages } from '@console/shared/auth';
import { Link, useNavigate } from 'react-router';
import { href } from '@/lib/routes.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { useRegistration } from '../api/auth.ts';

export function RegisterPage() {
  const navigate = useNavigate();
  const registration = useRegistration();
  const closed = registration.data?.selfRegistration === false;
  return (
    <AuthCard title="Create an account" subtitle="An administrator activates new accounts.">
      {closed ? (
        <Alert type="info" showIcon role="status" title={AuthMessages.registrationClosed} />
      ) : (
        // The server's answer says the account awaits activation; the login screen shows it.
        <RegisterForm onSuccess={(answer) => navigate(href('login'), { state: { notice: answer.message } })} />
      )}
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        Already have an account? <Link to={href('login')}>Sign in instead</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}

// @ts-nocheck
import { useState } from 'react';
import { Alert, Typography } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { href } from '@/lib/routes.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { RecoverForm } from '../components/recover-form.tsx';

interface LoginState {
  /** Where the guard caught the visitor; they go back there after signing in. */
  from?: string;
  /** A message from the previous screen (registration). */
  notice?: string;
}

export function LoginPage() {
  const [recovering, setRecovering] = useState(false);
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as LoginState;

  if (recovering) {
    return (
      <AuthCard title="Forgot Password?" subtitle="Enter your email; an administrator will reset your password.">
        <RecoverForm onBack={() => setRecovering(false)} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Welcome!" subtitle="Please sign in to your account.">
      {state.notice && (
        <Alert type="success" showIcon role="status" title={state.notice} style={{ marginBottom: 16 }} />
      )}
      <LoginForm
        onForgot={() => setRecovering(true)}
        onSuccess={() => navigate(state.from ?? href('home'), { replace: true })}
      />
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        New on our platform? <Link to={href('register')}>Create an account</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}

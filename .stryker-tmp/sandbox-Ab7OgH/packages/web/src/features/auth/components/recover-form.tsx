// @ts-nocheck
import { Alert, Button, Form, Input } from 'antd';
import { loginSchema } from '@console/shared/auth';
import { zodRule } from '@/lib/form-rules.ts';
import { errorLines } from '@/lib/http.ts';
import { useForgotPassword } from '../api/auth.ts';

// The recover form checks the e-mail with the login schema's e-mail rule (same messages).
const emailOnly = loginSchema.pick({ email: true });

export function RecoverForm({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword();
  return (
    <Form<{ email: string }>
      layout="vertical"
      noValidate
      requiredMark={false}
      onFinish={(v) => forgot.mutate(v.email.trim())}
    >
      {forgot.isSuccess && (
        <Alert type="success" showIcon role="status" title={forgot.data.message} style={{ marginBottom: 16 }} />
      )}
      {forgot.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorLines(forgot.error).join(' ') || 'Some error occurred.'}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item label="Email" name="email" rules={[zodRule(emailOnly, 'email')]}>
        <Input inputMode="email" autoFocus placeholder="john@example.com" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={forgot.isPending}>
        Reset
      </Button>
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }}>
        Back to login
      </Button>
    </Form>
  );
}

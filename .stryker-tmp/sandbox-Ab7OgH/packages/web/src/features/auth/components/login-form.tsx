// @ts-nocheck
import { Alert, Button, Checkbox, Flex, Form, Input } from 'antd';
import { loginSchema } from '@console/shared/auth';
import { zodRule } from '@/lib/form-rules.ts';
import { errorLines } from '@/lib/http.ts';
import { useLogin, type LoginInput } from '../api/auth.ts';

export function LoginForm({ onSuccess, onForgot }: { onSuccess: () => void; onForgot: () => void }) {
  const login = useLogin();
  const failure = login.error ? errorLines(login.error).join(' ') : '';

  return (
    <Form<LoginInput>
      layout="vertical"
      noValidate
      initialValues={{ remember: true }}
      onFinish={(values) => login.mutate({ ...values, email: values.email.trim() }, { onSuccess })}
      requiredMark={false}
    >
      {login.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Authentication Failed."
          description={failure || undefined}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item label="Email" name="email" rules={[zodRule(loginSchema, 'email')]}>
        <Input inputMode="email" autoComplete="username" autoFocus placeholder="john@example.com" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[zodRule(loginSchema, 'password')]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>Remember me</Checkbox>
        </Form.Item>
        <Button type="link" onClick={onForgot} style={{ padding: 0 }}>
          Forgot pwd?
        </Button>
      </Flex>
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        Login
      </Button>
    </Form>
  );
}

// @ts-nocheck
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { registerFormSchema } from '@console/shared/auth';
import { zodRule } from '@/lib/form-rules.ts';
import { errorLines } from '@/lib/http.ts';
import { useRegister, type RegisterAnswer } from '../api/auth.ts';

interface RegisterValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
}

const rule = (field: keyof RegisterValues) => [zodRule(registerFormSchema, field)];

export function RegisterForm({ onSuccess }: { onSuccess: (answer: RegisterAnswer) => void }) {
  const register = useRegister();
  return (
    <Form<RegisterValues>
      layout="vertical"
      noValidate
      requiredMark={false}
      onFinish={({ username, email, password }) =>
        register.mutate({ username: username.trim(), email: email.trim(), password }, { onSuccess })
      }
    >
      {register.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Registration Failed. Please try again."
          description={errorLines(register.error).map((line) => (
            <div key={line}>{line}</div>
          ))}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item label="Username" name="username" rules={rule('username')}>
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item label="Email" name="email" rules={rule('email')}>
        <Input inputMode="email" autoComplete="email" placeholder="john@example.com" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={rule('password')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm password"
        name="confirmPassword"
        dependencies={['password']}
        rules={rule('confirmPassword')}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="terms" valuePropName="checked" rules={rule('terms')}>
        <Checkbox>I agree to all Terms</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={register.isPending}>
        Sign up
      </Button>
    </Form>
  );
}

// @ts-nocheck
import { Button, Col, Form, Input, Row, Switch } from 'antd';
import { userCreateSchema, userUpdateSchema, type User } from '@console/shared/users';
import { zodRule } from '@/lib/form-rules.ts';
import { ValidationErrors } from '@/components/validation-errors.tsx';

export interface UserFormValues {
  username: string;
  email: string;
  password?: string;
  confirmPassword?: string;
  isActive: boolean;
  /** As typed; the shared schema reads '40' as 40 and refuses blanks and non-numbers. */
  profitRate: number | string | null;
}

export interface UserFormProps {
  /** The user being edited; none when creating. */
  user?: User;
  onSubmit: (values: UserFormValues) => void;
  submitting: boolean;
  /** What the last save threw; shown as the Validation Errors card. */
  error: unknown;
}

const labels = {
  username: 'Username',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
  profitRate: 'Profit Rate',
};

/** Create User and Edit User #id share this form; the shared schemas decide what is valid. */
export function UserForm({ user, onSubmit, submitting, error }: UserFormProps) {
  const schema = user ? userUpdateSchema : userCreateSchema;
  const rule = (field: keyof UserFormValues) => [zodRule(schema, field)];
  const initial: UserFormValues = user
    ? { username: user.username, email: user.email, isActive: user.isActive, profitRate: user.profitRate }
    : { username: '', email: '', isActive: false, profitRate: 100 };

  return (
    <Form<UserFormValues>
      layout="vertical"
      // The app's messages only: the browser's own bubble would hide them (spec §5 wording).
      noValidate
      initialValues={initial}
      onFinish={onSubmit}
      style={{ maxWidth: 720 }}
    >
      <ValidationErrors error={error} labels={labels} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Username" name="username" rules={rule('username')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Email" name="email" rules={rule('email')}>
            <Input inputMode="email" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Password"
            name="password"
            rules={rule('password')}
            extra={user ? 'Leave empty to keep the current password.' : undefined}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Confirm password"
            name="confirmPassword"
            dependencies={['password']}
            rules={rule('confirmPassword')}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {/* A plain text box: a number box would clamp 150 to 100 or drop 'abc' silently, and the
              shared schema's 'Profit Rate is required.' / 'Must be in 0-100.' would never show. */}
          <Form.Item label="Profit Rate (%)" name="profitRate" rules={rule('profitRate')}>
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="is Active" name="isActive" valuePropName="checked">
            <Switch checkedChildren="Yes" unCheckedChildren="No" />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={submitting}>
        Save
      </Button>
    </Form>
  );
}

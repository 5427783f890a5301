import { Button, Col, Form, Input, Row, Select, Switch } from 'antd';
import { useNavigate } from 'react-router';
import {
  MAILBOX_PORTS,
  bounceMailboxUpdateSchema,
  type BounceMailboxCreateBody,
  type MailboxSecurity,
} from '@console/shared/bounce-mailboxes';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { WholeNumberInput } from '@/components/whole-number-input.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useSession } from '@/lib/session.ts';
import { useBounceMailbox, useSaveBounceMailbox } from '../api/bounce-mailboxes.ts';

type Values = Omit<BounceMailboxCreateBody, 'user' | 'smtpServers'> & { user?: number; smtpServers: number[] };
const rule = (field: keyof typeof bounceMailboxUpdateSchema.shape) => [zodRule(bounceMailboxUpdateSchema, field)];
const labels = {
  name: 'Name',
  host: 'Host',
  port: 'Port',
  security: 'Security',
  username: 'User',
  password: 'Password',
  folder: 'Folder',
  active: 'Active',
  smtpServers: 'SMTP servers',
  user: 'Owner',
};
const SECURITY = [
  { value: 'tls', label: 'TLS (IMAPS, port 993)' },
  { value: 'starttls', label: 'STARTTLS (port 143)' },
  { value: 'plain', label: 'Plain (internal addresses only)' },
];

/** Create and edit a bounce mailbox; the password is write-only (blank keeps it). */
export function BounceMailboxEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const navigate = useNavigate();
  const mailbox = useBounceMailbox(id);
  const save = useSaveBounceMailbox();
  const [form] = Form.useForm<Values>();
  const owner: number | undefined = Form.useWatch('user', form) ?? mailbox.data?.user.id ?? session?.claims.id;
  const servers = useSelectOptions('/smtp_servers', isAdmin && owner ? { 'user.id': owner } : {});

  const initial: Values = mailbox.data
    ? {
        ...mailbox.data,
        password: '',
        user: mailbox.data.user.id,
        smtpServers: mailbox.data.smtpServers.map((s) => s.id),
      }
    : {
        name: '',
        host: '',
        port: MAILBOX_PORTS.tls,
        security: 'tls',
        username: '',
        password: '',
        folder: 'INBOX',
        active: true,
        smtpServers: [],
        user: session?.claims.id,
      };
  const submit = ({ user, ...v }: Values) =>
    save.mutate(
      { id, body: { ...v, ...(isAdmin && user && !id ? { user } : {}) } },
      {
        onSuccess: () => {
          toast.success(id ? 'Updated!' : 'Added successfully!');
          navigate(href('bounceMailboxes'));
        },
      },
    );

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit Bounce Mailbox #${id}` : 'Create Bounce Mailbox'}
      back={{ label: 'Back to Bounce Mailboxes', to: href('bounceMailboxes') }}
      loading={Boolean(id) && !mailbox.data}
    >
      <Form<Values>
        form={form}
        key={id ?? 'new'}
        layout="vertical"
        noValidate
        initialValues={initial}
        onFinish={submit}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.security) form.setFieldValue('port', MAILBOX_PORTS[changed.security as MailboxSecurity]);
        }}
        style={{ maxWidth: 880 }}
      >
        <ValidationErrors error={save.error} labels={labels} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={labels.name} name="name" rules={rule('name')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={labels.host} name="host" rules={rule('host')}>
              <Input autoComplete="off" placeholder="imap.example.com" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={labels.security} name="security">
              <Select options={SECURITY} aria-label="Security" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={labels.port} name="port" rules={rule('port')}>
              <WholeNumberInput />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={labels.folder}
              name="folder"
              rules={rule('folder')}
              extra="Read messages are moved to Processed or Unmatched (created when missing); nothing is deleted."
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={labels.username} name="username" rules={rule('username')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={labels.password}
              name="password"
              rules={id ? [] : [{ required: true, message: 'Password is required' }]}
              extra={id && mailbox.data?.hasPassword ? 'Leave blank to keep the stored password.' : undefined}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              label={labels.smtpServers}
              name="smtpServers"
              extra="The SMTP servers whose bounces come to this mailbox."
            >
              <Select mode="multiple" options={servers.data ?? []} optionFilterProp="label" aria-label="SMTP servers" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label={labels.active} name="active" valuePropName="checked" extra="Checked every minute.">
              <Switch />
            </Form.Item>
          </Col>
          {isAdmin && !id && (
            <Col xs={24} md={12}>
              <Form.Item label="Owner" name="user">
                <OwnerSelect allowClear={false} aria-label="Owner" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Form>
    </EditPage>
  );
}

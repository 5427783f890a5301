import { Button, Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useNavigate } from 'react-router';
import { SMTP_SERVER_DEFAULTS, smtpServerSchema, type SmtpServerBody } from '@console/shared/smtp-servers';
import { speedHint } from '@console/shared/relays';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { WholeNumberInput } from '@/components/whole-number-input.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useSession } from '@/lib/session.ts';
import { useSaveSmtpServer, useSmtpServer } from '../api/smtp-servers.ts';

type Values = Omit<SmtpServerBody, 'user'> & { user?: number };
const rule = (field: keyof Values) => [zodRule(smtpServerSchema, field)];
const labels = {
  name: 'Server Name',
  host: 'Server HOST',
  port: 'Port',
  tls: 'TLS',
  relayNormalSpeed: 'Relay Normal Speed',
  relayBackoffSpeed: 'Relay Backoff Speed',
  returnPathDomain: 'Return-Path domain (VERP)',
  user: 'Owner',
};

/** Create and edit an SMTP server; a new one starts with the spec's defaults (port 25, no TLS, 60/600 s). */
export function SmtpServerEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const navigate = useNavigate();
  const server = useSmtpServer(id);
  const save = useSaveSmtpServer();
  const [form] = Form.useForm<Values>();
  // How long a campaign takes at this speed, under the field (issue 38: a first campaign was slow unsaid).
  const normalSpeed: unknown = Form.useWatch('relayNormalSpeed', form);

  const initial: Values = server.data
    ? { ...server.data, user: server.data.user.id }
    : { name: '', host: '', ...SMTP_SERVER_DEFAULTS, user: session?.claims.id };
  const submit = ({ user, ...v }: Values) =>
    save.mutate(
      { id, body: { ...v, ...(isAdmin && user ? { user } : {}) } },
      {
        onSuccess: () => {
          toast.success(id ? 'Updated!' : 'Added successfully!');
          navigate(href('smtpServers'));
        },
      },
    );

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit SMTP Server #${id}` : 'Create SMTP Server'}
      back={{ label: 'Back to SMTP Servers', to: href('smtpServers') }}
      loading={Boolean(id) && !server.data}
    >
      <Form<Values>
        form={form}
        key={id ?? 'new'}
        layout="vertical"
        noValidate
        initialValues={initial}
        onFinish={submit}
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
              <Input autoComplete="off" placeholder="smtp.example.com" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={labels.port} name="port" rules={rule('port')}>
              <WholeNumberInput />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label={labels.tls}
              name="tls"
              valuePropName="checked"
              extra="Implicit TLS (port 465); otherwise STARTTLS when offered."
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label={labels.relayNormalSpeed}
              name="relayNormalSpeed"
              rules={rule('relayNormalSpeed')}
              extra={speedHint(normalSpeed) ?? 'Seconds between messages of a relay.'}
            >
              <InputNumber style={{ width: '100%' }} addonAfter="s" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              label={labels.relayBackoffSpeed}
              name="relayBackoffSpeed"
              rules={rule('relayBackoffSpeed')}
              dependencies={['relayNormalSpeed']}
              extra="In backoff mode."
            >
              <InputNumber style={{ width: '100%' }} addonAfter="s" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={labels.returnPathDomain}
              name="returnPathDomain"
              rules={rule('returnPathDomain')}
              extra="Empty: mail goes out from the relay's address. Set: each message's envelope sender is bounce+<id>@ this domain, so a late bounce names its recipient. Only where the server lets the console choose the envelope sender; the domain needs SPF for the server and mail routed to a bounce mailbox."
            >
              <Input autoComplete="off" placeholder="bounces.example.com" />
            </Form.Item>
          </Col>
          {isAdmin && (
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

import { Col, Form, Input, InputNumber, Switch } from 'antd';
import { SMTP_SERVER_DEFAULTS, smtpServerSchema, type SmtpServerBody } from '@console/shared/smtp-servers';
import { speedHint } from '@console/shared/relays';
import { WholeNumberInput } from '@/components/whole-number-input.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { ServerEditPage, useServerForm } from '../../components/server-edit-page.tsx';
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
  const editor = useServerForm('smtp');
  const { isAdmin, userId, saved } = editor;
  const server = useSmtpServer(id);
  const save = useSaveSmtpServer();
  const [form] = Form.useForm<Values>();
  // How long a campaign takes at this speed, under the field (issue 38: a first campaign was slow unsaid).
  const normalSpeed: unknown = Form.useWatch('relayNormalSpeed', form);

  const initial: Values = server.data
    ? { ...server.data, user: server.data.user.id }
    : { name: '', host: '', ...SMTP_SERVER_DEFAULTS, user: userId };
  const submit = ({ user, ...v }: Values) =>
    save.mutate({ id, body: { ...v, ...(isAdmin && user ? { user } : {}) } }, saved(id));

  return (
    <ServerEditPage<Values>
      editor={editor}
      id={id}
      routeId={routeId}
      loading={Boolean(id) && !server.data}
      form={form}
      initialValues={initial}
      onFinish={submit}
      save={save}
      labels={labels}
      schema={smtpServerSchema}
      fields={
        <>
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
        </>
      }
    />
  );
}

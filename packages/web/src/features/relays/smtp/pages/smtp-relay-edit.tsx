import { Alert, Checkbox, Col, Form, Input, Select, Switch } from 'antd';
import { smtpRelayCreateSchema, smtpRelayUpdateSchema } from '@console/shared/smtp-relays';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { RelayEditPage, relayLabels, useRelayForm } from '../../components/relay-edit-page.tsx';
import { useCreateSmtpRelay, useSmtpRelay, useUpdateSmtpRelay } from '../api/smtp-relays.ts';
import { RelayPauses } from '../components/relay-pauses.tsx';
import { RelayUpload } from '../components/relay-upload.tsx';

interface Values {
  smtpServer?: number;
  group?: number;
  senderEmail: string;
  account: string;
  password: string;
  active: boolean;
  providerSigns: boolean;
  description?: string;
  socks?: number | null;
  normalSpeed?: number;
  backoffSpeed?: number;
  backoff: boolean;
}
const labels = {
  ...relayLabels,
  smtpServer: 'SMTP Server',
  account: 'Account',
  password: 'Password',
  socks: 'Socks proxy',
};

/**
 * Create SMTP Relay (the form and 'Upload a list') and Edit SMTP Relay #id (with socks, speeds, backoff mode;
 * above the form, the mail services the relay is paused for, with Resume: decision 1475).
 */
export function SmtpRelayEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const relay = useSmtpRelay(id);
  const create = useCreateSmtpRelay();
  const update = useUpdateSmtpRelay();
  // The servers, groups and socks offered are the owner's.
  const form = useRelayForm('smtp', relay.data?.user.id);
  const socks = useSelectOptions('/socks', { 'user.id': form.ownerId }, form.known && Boolean(id));
  const schema = id ? smtpRelayUpdateSchema : smtpRelayCreateSchema;
  const rule = (field: keyof Values) => [zodRule(schema, field)];

  const initial: Values = relay.data
    ? {
        ...relay.data,
        smtpServer: relay.data.smtpServer.id,
        group: relay.data.group.id,
        socks: relay.data.socks?.id ?? null,
        password: '',
        description: relay.data.description ?? '',
      }
    : {
        senderEmail: '',
        account: '',
        password: '',
        active: false,
        providerSigns: false,
        backoff: false,
        description: '',
      };
  const submit = (v: Values) => {
    const common = {
      group: v.group!,
      smtpServer: v.smtpServer!,
      senderEmail: v.senderEmail,
      account: v.account,
      active: v.active,
      providerSigns: v.providerSigns,
      description: v.description,
    };
    if (id)
      update.mutate(
        {
          id,
          body: {
            ...common,
            password: v.password,
            socks: v.socks ?? null,
            normalSpeed: v.normalSpeed ?? '',
            backoffSpeed: v.backoffSpeed ?? '',
            backoff: v.backoff,
          },
        },
        { onSuccess: form.saved('Updated!') },
      );
    else
      create.mutate(
        { ...common, password: v.password, ...(form.isAdmin && form.owner ? { user: form.owner } : {}) },
        { onSuccess: form.saved('Added successfully!') },
      );
  };

  return (
    <RelayEditPage<Values>
      id={id}
      routeId={routeId}
      form={form}
      relay={relay.data}
      initialValues={initial}
      onFinish={submit}
      save={id ? update : create}
      labels={labels}
      schema={schema}
      fields={
        <>
          <Col xs={24} md={12}>
            <Form.Item label={labels.account} name="account" rules={rule('account')}>
              <Input autoComplete="off" placeholder="news@example.com" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={labels.password}
              name="password"
              rules={rule('password')}
              extra={id && relay.data?.hasPassword ? 'Leave blank to keep the current password.' : undefined}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={labels.senderEmail} name="senderEmail" rules={rule('senderEmail')}>
              <Input autoComplete="off" placeholder="news@example.com" />
            </Form.Item>
          </Col>
          {id && (
            <Col xs={24} md={12}>
              <Form.Item label={labels.socks} name="socks">
                <Select
                  aria-label={labels.socks}
                  allowClear
                  placeholder="None: connect directly"
                  options={socks.data}
                  showSearch={{ optionFilterProp: 'label' }}
                />
              </Form.Item>
            </Col>
          )}
        </>
      }
      checks={
        <>
          <Form.Item
            name="providerSigns"
            valuePropName="checked"
            style={{ marginBottom: 8 }}
            extra="Leave unchecked and the console signs with the DKIM key of the sender address's domain."
          >
            <Checkbox>The relay&apos;s provider DKIM-signs its mail</Checkbox>
          </Form.Item>
          {id && (
            <Form.Item label="Backoff mode" name="backoff" valuePropName="checked">
              <Switch aria-label="Backoff mode" />
            </Form.Item>
          )}
        </>
      }
      side={!id && <RelayUpload ownerId={form.ownerId} />}
      notice={
        id && relay.data?.pauses.length ? (
          <Alert
            type="warning"
            showIcon
            title="Paused for mail services"
            description={<RelayPauses relay={relay.data} />}
          />
        ) : undefined
      }
    />
  );
}

import { RiseOutlined } from '@ant-design/icons';
import { LinkButton } from '@/components/row-actions.tsx';
import { useState } from 'react';
import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useNavigate } from 'react-router';
import { smtpRelayCreateSchema, smtpRelayUpdateSchema } from '@console/shared/smtp-relays';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { SpeedHint } from '@/components/speed-hint.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useSession } from '@/lib/session.ts';
import { useCreateSmtpRelay, useSmtpRelay, useUpdateSmtpRelay } from '../api/smtp-relays.ts';
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
  user: 'Owner',
  smtpServer: 'SMTP Server',
  group: 'Relay Group',
  senderEmail: 'Sender Email',
  account: 'Account',
  password: 'Password',
  description: 'Description',
  socks: 'Socks proxy',
  normalSpeed: 'Normal speed',
  backoffSpeed: 'Backoff speed',
};

/** Create SMTP Relay (the form and 'Upload a list') and Edit SMTP Relay #id (with socks, speeds, backoff mode). */
export function SmtpRelayEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const navigate = useNavigate();
  const relay = useSmtpRelay(id);
  const create = useCreateSmtpRelay();
  const update = useUpdateSmtpRelay();
  const save = id ? update : create;
  // Administrators pick the owner first; the servers, groups and socks offered are that owner's.
  const [owner, setOwner] = useState<number | undefined>(isAdmin ? undefined : session?.claims.id);
  const ownerId = relay.data?.user.id ?? owner;
  const known = ownerId !== undefined;
  const servers = useSelectOptions('/smtp_servers', { 'user.id': ownerId }, known);
  const groups = useSelectOptions('/smtp_relay_groups', { 'archive[exists]': 'false', 'user.id': ownerId }, known);
  const socks = useSelectOptions('/socks', { 'user.id': ownerId }, known && Boolean(id));
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
  const done = (message: string) => () => {
    toast.success(message);
    navigate(href('smtpRelays'));
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
        { onSuccess: done('Updated!') },
      );
    else
      create.mutate(
        { ...common, password: v.password, ...(isAdmin && owner ? { user: owner } : {}) },
        { onSuccess: done('Added successfully!') },
      );
  };

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit SMTP Relay #${id}` : 'Create SMTP Relay'}
      back={{ label: 'Back to SMTP Relays', to: href('smtpRelays') }}
      extra={
        id && (
          <LinkButton to={href('warmupRelay', { kind: 'smtp', id })} icon={<RiseOutlined />} label="Warm-up">
            Warm-up
          </LinkButton>
        )
      }
      loading={Boolean(id) && !relay.data}
    >
      <Row gutter={24}>
        <Col xs={24} xl={14}>
          {isAdmin && !id && (
            <Form.Item
              label="Owner"
              layout="vertical"
              extra="Choose the owner first: the servers and groups are theirs."
            >
              <OwnerSelect
                aria-label="Owner"
                value={owner}
                onChange={(v) => setOwner(v ?? undefined)}
                style={{ width: '100%' }}
              />
            </Form.Item>
          )}
          <Form<Values>
            key={`${id ?? 'new'}-${ownerId ?? ''}`}
            layout="vertical"
            noValidate
            initialValues={initial}
            onFinish={submit}
            disabled={!known}
            style={{ maxWidth: 880 }}
          >
            <ValidationErrors error={save.error} labels={labels} />
            {id && (
              <Form.Item label="Owner">
                <Input value={relay.data?.user.username} disabled />
              </Form.Item>
            )}
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item label={labels.smtpServer} name="smtpServer" rules={rule('smtpServer')}>
                  <Select
                    aria-label={labels.smtpServer}
                    options={servers.data}
                    showSearch={{ optionFilterProp: 'label' }}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label={labels.group} name="group" rules={rule('group')}>
                  <Select aria-label={labels.group} options={groups.data} showSearch={{ optionFilterProp: 'label' }} />
                </Form.Item>
              </Col>
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
                <>
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
                  <Col xs={12} md={6}>
                    <Form.Item
                      label={labels.normalSpeed}
                      name="normalSpeed"
                      rules={rule('normalSpeed')}
                      extra={<SpeedHint name="normalSpeed" />}
                    >
                      <InputNumber style={{ width: '100%' }} addonAfter="s" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    <Form.Item
                      label={labels.backoffSpeed}
                      name="backoffSpeed"
                      rules={rule('backoffSpeed')}
                      dependencies={['normalSpeed']}
                    >
                      <InputNumber style={{ width: '100%' }} addonAfter="s" />
                    </Form.Item>
                  </Col>
                </>
              )}
              <Col span={24}>
                <Form.Item label={labels.description} name="description" rules={rule('description')}>
                  <Input.TextArea rows={2} maxLength={400} showCount />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="active" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox>Active</Checkbox>
            </Form.Item>
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
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save
            </Button>
          </Form>
        </Col>
        {!id && (
          <Col xs={24} xl={10}>
            <RelayUpload ownerId={ownerId} />
          </Col>
        )}
      </Row>
    </EditPage>
  );
}

import { RiseOutlined } from '@ant-design/icons';
import { LinkButton } from '@/components/row-actions.tsx';
import { useState } from 'react';
import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useNavigate } from 'react-router';
import { pmtaRelayCreateSchema, pmtaRelayUpdateSchema } from '@console/shared/pmta-relays';
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
import { useCreatePmtaRelay, usePmtaRelay, useUpdatePmtaRelay } from '../api/pmta-relays.ts';
import { RelayOperations } from '../components/relay-operations.tsx';
import { RelayUploads } from '../components/relay-uploads.tsx';
import { SwitchesCard } from '../components/switches-card.tsx';

interface Values {
  user?: number;
  pmtaServer?: number;
  group?: number;
  smtpHost: string;
  ip: string;
  senderEmail: string;
  active: boolean;
  withoutVmta: boolean;
  backoff: boolean;
  normalSpeed?: number;
  backoffSpeed?: number;
  description?: string;
}
const labels = {
  user: 'Owner',
  pmtaServer: 'Pmta Server',
  group: 'Relay Group',
  smtpHost: 'Smtp Host',
  ip: 'IP',
  senderEmail: 'Sender Email',
  normalSpeed: 'Normal speed',
  backoffSpeed: 'Backoff speed',
  description: 'Description',
};

/** Create PMTA Relay (form and the two uploads) and Edit PMTA Relay #id (DKIM, VMTA, Mail Services switches). */
export function PmtaRelayEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const navigate = useNavigate();
  const relay = usePmtaRelay(id);
  const create = useCreatePmtaRelay();
  const update = useUpdatePmtaRelay();
  const save = id ? update : create;
  // Administrators pick the owner first; the server and group lists are that owner's.
  const [owner, setOwner] = useState<number | undefined>(isAdmin ? undefined : session?.claims.id);
  const ownerId = relay.data?.user.id ?? owner;
  const servers = useSelectOptions('/pmta_servers', { 'user.id': ownerId }, ownerId !== undefined);
  const groups = useSelectOptions(
    '/pmta_relay_groups',
    { 'archive[exists]': 'false', 'user.id': ownerId },
    ownerId !== undefined,
  );
  const schema = id ? pmtaRelayUpdateSchema : pmtaRelayCreateSchema;
  const rule = (field: keyof Values) => [zodRule(schema, field)];

  const initial: Values = relay.data
    ? {
        ...relay.data,
        user: relay.data.user.id,
        pmtaServer: relay.data.pmtaServer.id,
        group: relay.data.group.id,
        description: relay.data.description ?? '',
      }
    : { smtpHost: '', ip: '', senderEmail: '', active: false, withoutVmta: false, backoff: false, description: '' };
  const done = (message: string) => () => {
    toast.success(message);
    navigate(href('pmtaRelays'));
  };
  const submit = (v: Values) =>
    id
      ? update.mutate(
          {
            id,
            body: {
              group: v.group!,
              ip: v.ip,
              senderEmail: v.senderEmail,
              active: v.active,
              backoff: v.backoff,
              normalSpeed: v.normalSpeed ?? '',
              backoffSpeed: v.backoffSpeed ?? '',
              description: v.description,
            },
          },
          { onSuccess: done('Updated!') },
        )
      : create.mutate(
          {
            group: v.group!,
            pmtaServer: v.pmtaServer!,
            smtpHost: v.smtpHost,
            ip: v.ip,
            senderEmail: v.senderEmail,
            active: v.active,
            withoutVmta: v.withoutVmta,
            description: v.description,
            ...(isAdmin && owner ? { user: owner } : {}),
          },
          { onSuccess: done('Added successfully!') },
        );

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit PMTA Relay #${id}` : 'Create PMTA Relay'}
      back={{ label: 'Back to PMTA Relays', to: href('pmtaRelays') }}
      extra={
        id && (
          <LinkButton to={href('warmupRelay', { kind: 'pmta', id })} icon={<RiseOutlined />} label="Warm-up">
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
            disabled={ownerId === undefined}
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
                <Form.Item label={labels.pmtaServer} name="pmtaServer" rules={id ? [] : rule('pmtaServer')}>
                  <Select
                    aria-label={labels.pmtaServer}
                    options={servers.data}
                    disabled={Boolean(id)}
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
                <Form.Item label={labels.smtpHost} name="smtpHost" rules={id ? [] : rule('smtpHost')}>
                  <Input autoComplete="off" placeholder="mta1.example.com" disabled={Boolean(id)} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label={labels.ip} name="ip" rules={rule('ip')}>
                  <Input autoComplete="off" placeholder="198.51.100.7" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label={labels.senderEmail} name="senderEmail" rules={rule('senderEmail')}>
                  <Input autoComplete="off" placeholder="news@mta1.example.com" />
                </Form.Item>
              </Col>
              {id && (
                <>
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
            {id ? (
              <Form.Item name="backoff" valuePropName="checked">
                <Checkbox>Backoff mode</Checkbox>
              </Form.Item>
            ) : (
              <Form.Item name="withoutVmta" valuePropName="checked">
                <Checkbox>Without VMTA (no virtual-mta block on the server)</Checkbox>
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save
            </Button>
          </Form>
        </Col>
        <Col xs={24} xl={10}>
          {id ? (
            <>
              <RelayOperations relayId={id} />
              <SwitchesCard relayId={id} />
            </>
          ) : (
            <RelayUploads ownerId={ownerId} />
          )}
        </Col>
      </Row>
    </EditPage>
  );
}

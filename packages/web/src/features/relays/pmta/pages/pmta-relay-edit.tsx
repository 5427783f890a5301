import { Alert, Checkbox, Col, Form, Input, Typography } from 'antd';
import { pmtaRelayCreateSchema, pmtaRelayUpdateSchema } from '@console/shared/pmta-relays';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { RelayPauseList } from '@/components/relay-pause.tsx';
import { RelayEditPage, relayLabels, useRelayForm } from '../../components/relay-edit-page.tsx';
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
const labels = { ...relayLabels, pmtaServer: 'Pmta Server', smtpHost: 'Smtp Host', ip: 'IP' };

/** Create PMTA Relay (form and the two uploads) and Edit PMTA Relay #id (DKIM, VMTA, Mail Services switches). */
export function PmtaRelayEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const relay = usePmtaRelay(id);
  const create = useCreatePmtaRelay();
  const update = useUpdatePmtaRelay();
  const form = useRelayForm('pmta', relay.data?.user.id);
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
          { onSuccess: form.saved('Updated!') },
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
            ...(form.isAdmin && form.owner ? { user: form.owner } : {}),
          },
          { onSuccess: form.saved('Added successfully!') },
        );

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
      serverLocked
      notice={
        id && relay.data?.pauses.length ? (
          <Alert
            type="warning"
            showIcon
            title="Paused for mail services"
            description={
              <>
                <RelayPauseList pauses={relay.data.pauses} />
                <Typography.Paragraph style={{ margin: '12px 0 0' }}>
                  Turn the service On in the Mail Services card and Save to send there again.
                </Typography.Paragraph>
              </>
            }
          />
        ) : undefined
      }
      fields={
        <>
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
        </>
      }
      checks={
        id ? (
          <Form.Item name="backoff" valuePropName="checked">
            <Checkbox>Backoff mode</Checkbox>
          </Form.Item>
        ) : (
          <Form.Item name="withoutVmta" valuePropName="checked">
            <Checkbox>Without VMTA (no virtual-mta block on the server)</Checkbox>
          </Form.Item>
        )
      }
      side={
        id ? (
          <>
            <RelayOperations relayId={id} />
            <SwitchesCard relayId={id} />
          </>
        ) : (
          <RelayUploads ownerId={form.ownerId} />
        )
      }
    />
  );
}

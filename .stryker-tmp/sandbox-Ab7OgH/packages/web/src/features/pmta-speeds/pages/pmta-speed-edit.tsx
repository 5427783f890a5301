// @ts-nocheck
import { Button, Col, Descriptions, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { pmtaSpeedCreateSchema, pmtaSpeedUpdateSchema, type PmtaSpeed } from '@console/shared/pmta-speeds';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useCreatePmtaSpeeds, usePmtaSpeed, useUpdatePmtaSpeed, type SpeedCreateForm } from '../api/pmta-speeds.ts';
import { RemoteValue, SyncDot, utc } from '../components/speed-values.tsx';

const LABELS = { pmtaRelays: 'Pmta Relays', mailProvider: 'Mail Service', speed: 'Speed', localValue: 'Speed' };
const SPEED_HINT =
  'Messages per hour for this mail service on the relay. 0 is read mode: the console only reads the ' +
  "server's rate. Any other value is write mode: Sync sets it on the server.";

/** Create (several relays, one mail service) and edit (the speed only: relay and service are read-only). */
export function PmtaSpeedEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const speed = usePmtaSpeed(id);
  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit PMTA Speed #${id}` : 'Create PMTA Speed'}
      back={{ label: 'Back to speeds', to: href('pmtaSpeeds') }}
      loading={Boolean(id) && !speed.data}
    >
      {speed.data ? <EditForm speed={speed.data} /> : <CreateForm />}
    </EditPage>
  );
}

function CreateForm() {
  const navigate = useNavigate();
  const relays = useSelectOptions('/pmta_relays');
  const providers = useSelectOptions('/mail_providers');
  const create = useCreatePmtaSpeeds();
  const rule = (field: string) => [zodRule(pmtaSpeedCreateSchema, field)];
  return (
    <Form<SpeedCreateForm>
      layout="vertical"
      noValidate
      initialValues={{ pmtaRelays: [], speed: 0 }}
      onFinish={(v) =>
        create.mutate(v, {
          onSuccess: () => {
            toast.success('Added successfully!');
            navigate(href('pmtaSpeeds'));
          },
        })
      }
    >
      <ValidationErrors error={create.error} labels={LABELS} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={LABELS.pmtaRelays} name="pmtaRelays" rules={rule('pmtaRelays')}>
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={relays.data}
              loading={relays.isLoading}
              aria-label={LABELS.pmtaRelays}
              placeholder="SMTP host"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label={LABELS.mailProvider} name="mailProvider" rules={rule('mailProvider')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={providers.data}
              loading={providers.isLoading}
              aria-label={LABELS.mailProvider}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label={LABELS.speed} name="speed" rules={rule('speed')}>
            <InputNumber min={0} precision={0} addonAfter="/h" style={{ width: '100%' }} aria-label="Speed" />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary">{SPEED_HINT}</Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        Save
      </Button>
    </Form>
  );
}

function EditForm({ speed }: { speed: PmtaSpeed }) {
  const navigate = useNavigate();
  const update = useUpdatePmtaSpeed();
  return (
    <Form<{ localValue: number }>
      key={speed.id}
      layout="vertical"
      noValidate
      initialValues={{ localValue: speed.localValue }}
      onFinish={(body) =>
        update.mutate(
          { id: speed.id, body },
          {
            onSuccess: () => {
              toast.success('Updated!');
              navigate(href('pmtaSpeeds'));
            },
          },
        )
      }
    >
      <ValidationErrors error={update.error} labels={LABELS} />
      <Row gutter={16}>
        <Col xs={24} md={9}>
          <Form.Item label="Pmta Relay">
            <Input value={speed.pmtaRelay.smtpHost} disabled aria-label="Pmta Relay" />
          </Form.Item>
        </Col>
        <Col xs={24} md={9}>
          <Form.Item label={LABELS.mailProvider}>
            <Input value={speed.provider.name} disabled aria-label={LABELS.mailProvider} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label={LABELS.localValue} name="localValue" rules={[zodRule(pmtaSpeedUpdateSchema, 'localValue')]}>
            <InputNumber min={0} precision={0} addonAfter="/h" style={{ width: '100%' }} aria-label="Speed" />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary">{SPEED_HINT}</Typography.Paragraph>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Local Time">{utc(speed.localTime)} UTC</Descriptions.Item>
        <Descriptions.Item label="Remote Value">
          <RemoteValue speed={speed} />
        </Descriptions.Item>
        <Descriptions.Item label="Remote Time">
          <span style={{ marginRight: 8 }}>
            <SyncDot speed={speed} />
          </span>
          {speed.remoteTime ? `${utc(speed.remoteTime)} UTC` : 'never read'}
        </Descriptions.Item>
      </Descriptions>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        Save
      </Button>
    </Form>
  );
}

// @ts-nocheck
import { Button, Card, Checkbox, Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useNavigate } from 'react-router';
import {
  MAIL_SERVICE_SETTING_DEFAULTS,
  MAIL_SERVICE_SETTING_LABELS as L,
  mailServiceSettingSchema,
  type MailServiceSettingBody,
} from '@console/shared/mail-service-settings';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useMailServiceSetting, usePmtaConfig, useSaveMailServiceSetting } from '../api/mail-service-settings.ts';

type Field = keyof typeof L;
const rule = (field: Field) => [zodRule(mailServiceSettingSchema, field)];

/** Groups of the form, so the 24 fields read as PowerMTA operators think of them. */
const SECTIONS: { title: string; texts: Field[]; numbers?: Field[]; flags?: Field[] }[] = [
  {
    title: 'Connections',
    numbers: ['maxSmtpOut', 'maxMsgPerConnection'],
    texts: ['maxErrorsPerConnection', 'maxMsgRate'],
  },
  {
    title: 'Timeouts and retries',
    texts: ['connectTimeout', 'smtpGreetingTimeout', 'dataSendTimeout', 'retryAfter', 'bounceAfter'],
  },
  {
    title: 'Backoff',
    texts: ['smtpPatternList', 'backoffMaxMsgRate', 'backoffRetryAfter', 'backoffToNormalAfter'],
    flags: ['backoffToNormalAfterDelivery'],
  },
  {
    title: 'Bounces and signing',
    texts: [],
    flags: [
      'bounceUponNoMx',
      'assumeDeliveryTimeout',
      'smtpMxUnavailable',
      'smtpInvalidMailbox',
      'bounceUponGreeting',
      'dkSign',
      'dkimSign',
      'deliverLocalDsn',
    ],
  },
];
const HINTS: Partial<Record<Field, string>> = {
  maxMsgRate: 'unlimited, or N/h, N/hr, N/m, N/min, N/s, N/sec',
  backoffMaxMsgRate: 'unlimited, or N/h, N/hr, N/m, N/min, N/s, N/sec',
  backoffToNormalAfter: 'never, or a number with d, h, m or s',
  retryAfter: 'e.g. 10m, or a list: 10m,20m,1h',
};

/** Create and edit a mail service setting; the edit screen shows the PowerMTA blocks it becomes. */
export function MailServiceSettingEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const navigate = useNavigate();
  const setting = useMailServiceSetting(id);
  const config = usePmtaConfig(id);
  const save = useSaveMailServiceSetting();

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit Mail Service Setting #${id}` : 'Create Mail Service Setting'}
      back={{ label: 'Back to settings', to: href('mailServiceSettings') }}
      loading={Boolean(id) && !setting.data}
    >
      <Form<MailServiceSettingBody>
        key={id ?? 'new'}
        layout="vertical"
        noValidate
        initialValues={setting.data ?? { name: '', domainMacro: '', ...MAIL_SERVICE_SETTING_DEFAULTS }}
        onFinish={(body) =>
          save.mutate(
            { id, body },
            {
              onSuccess: () => {
                toast.success(id ? 'Updated!' : 'Added successfully!');
                navigate(href('mailServiceSettings'));
              },
            },
          )
        }
      >
        <ValidationErrors error={save.error} labels={L} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={L.name} name="name" rules={rule('name')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={L.domainMacro}
              name="domainMacro"
              rules={rule('domainMacro')}
              extra="A mail service's name (its domains), domains separated by commas, or * for every domain."
            >
              <Input autoComplete="off" placeholder="Gmail" />
            </Form.Item>
          </Col>
        </Row>
        {SECTIONS.map((s) => (
          <Card key={s.title} size="small" title={s.title} style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              {s.numbers?.map((f) => (
                <Col key={f} xs={12} md={6}>
                  <Form.Item label={L[f]} name={f} rules={rule(f)}>
                    <InputNumber style={{ width: '100%' }} aria-label={L[f]} />
                  </Form.Item>
                </Col>
              ))}
              {s.texts.map((f) => (
                <Col key={f} xs={12} md={6}>
                  <Form.Item label={L[f]} name={f} rules={rule(f)} extra={HINTS[f]}>
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
              ))}
              {s.flags?.map((f) => (
                <Col key={f} xs={12} md={6}>
                  <Form.Item name={f} valuePropName="checked" style={{ marginBottom: 8 }}>
                    <Checkbox>{L[f]}</Checkbox>
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Card>
        ))}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Form>
      {config.data && (
        <Card
          size="small"
          title={`PowerMTA configuration (${config.data.domains.join(', ')})`}
          style={{ marginTop: 24 }}
        >
          <Typography.Paragraph type="secondary">
            What this setting becomes on a PMTA server, as saved. Balancers upload it.
          </Typography.Paragraph>
          <pre
            aria-label="PowerMTA configuration"
            style={{ maxHeight: 420, overflow: 'auto', margin: 0, fontSize: 12 }}
          >
            {config.data.config}
          </pre>
        </Card>
      )}
    </EditPage>
  );
}

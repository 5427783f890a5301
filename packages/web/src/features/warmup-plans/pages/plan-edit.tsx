import { Button, Card, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import {
  DEFAULT_THRESHOLDS,
  WarmupMessages as M,
  type WarmupPlanBody,
  type WarmupThresholds,
} from '@console/shared/warmup-plans';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { href } from '@/lib/routes.ts';
import { useSession } from '@/lib/session.ts';
import { useSavePlan, useWarmupPlan } from '../api/warmup-plans.ts';

/** The form's service row: the numbers of each day as text ("50, 64, 81"), the hours optional. */
interface ServiceRow {
  mailProvider: number | 0;
  perDay: string;
  perHour?: string;
}
interface Values {
  name: string;
  description?: string;
  services: ServiceRow[];
  thresholds: WarmupThresholds;
  user?: number;
}
const labels = {
  name: 'Plan Name',
  description: 'Description',
  services: 'Mail services',
  thresholds: 'Health lines',
  user: 'Owner',
};
/** The daily step's signals (decision 1433), in the order the relay's history names them. */
const SIGNALS: [keyof WarmupThresholds, string][] = [
  ['deferrals', 'Deferrals'],
  ['hardBounces', 'Hard bounces'],
  ['complaints', 'Complaints'],
  ['infraBounces', 'Infrastructure bounces'],
  ['backoff', 'Time in backoff'],
];
/** "50, 64 81" -> [50, 64, 81]; a word that is no number stays (NaN) for the server to name. */
const numbers = (text: string) =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);

/** Create and edit a warm-up plan: per mail service, the messages of each day (and of each hour, if set). */
export function PlanEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const navigate = useNavigate();
  const plan = useWarmupPlan(id);
  const save = useSavePlan();
  const providers = useSelectOptions('/mail_providers');
  const options = [{ value: 0, label: 'Every other service' }, ...(providers.data ?? [])];

  const submit = (v: Values) => {
    const body: WarmupPlanBody = {
      name: v.name,
      description: v.description ?? null,
      services: v.services.map((s) => ({
        mailProvider: s.mailProvider || null,
        perDay: numbers(s.perDay),
        perHour: s.perHour?.trim() ? numbers(s.perHour) : null,
      })),
      thresholds: v.thresholds,
      ...(isAdmin && v.user ? { user: v.user } : {}),
    };
    save.mutate(
      { id, body },
      {
        onSuccess: (saved) => {
          toast.success(id ? M.updated(saved.name) : M.added(saved.name));
          navigate(href('warmupPlans'));
        },
      },
    );
  };

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit Warm-up Plan #${id}` : 'Create Warm-up Plan'}
      back={{ label: 'Back to warm-up plans', to: href('warmupPlans') }}
      loading={Boolean(id) && !plan.data}
    >
      <Form<Values>
        key={id ?? 'new'}
        layout="vertical"
        noValidate
        style={{ maxWidth: 960 }}
        initialValues={
          plan.data
            ? {
                name: plan.data.name,
                description: plan.data.description ?? '',
                user: plan.data.user.id,
                thresholds: plan.data.thresholds,
                services: plan.data.services.map((s) => ({
                  mailProvider: s.mailProvider?.id ?? 0,
                  perDay: s.perDay.join(', '),
                  perHour: s.perHour?.join(', ') ?? '',
                })),
              }
            : {
                name: '',
                services: [{ mailProvider: 0, perDay: '', perHour: '' }],
                thresholds: DEFAULT_THRESHOLDS,
                user: session?.claims.id,
              }
        }
        onFinish={submit}
      >
        <ValidationErrors error={save.error} labels={labels} />
        <Form.Item label={labels.name} name="name" rules={[{ required: true, message: M.nameRequired }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={labels.description} name="description">
          <Input.TextArea rows={2} maxLength={400} />
        </Form.Item>
        <Form.List name="services">
          {(fields, { add, remove }) => (
            <Card size="small" title={labels.services} style={{ marginBottom: 16 }}>
              {fields.map((f, i) => (
                <Space key={f.key} align="start" wrap style={{ display: 'flex', marginBottom: 8 }}>
                  <Form.Item name={[f.name, 'mailProvider']} label={i === 0 ? 'Mail service' : undefined}>
                    <Select
                      options={options}
                      style={{ width: 200 }}
                      aria-label={`Mail service ${i + 1}`}
                      showSearch
                      optionFilterProp="label"
                    />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'perDay']}
                    label={i === 0 ? 'Messages per day, day 1, 2, 3...' : undefined}
                    rules={[{ required: true, message: M.perDayRequired }]}
                  >
                    <Input style={{ width: 300 }} placeholder="50, 100, 200" aria-label={`Messages per day ${i + 1}`} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'perHour']} label={i === 0 ? 'Per hour (empty: day / 24)' : undefined}>
                    <Input style={{ width: 180 }} placeholder="optional" aria-label={`Messages per hour ${i + 1}`} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={`Remove mail service ${i + 1}`}
                    onClick={() => remove(f.name)}
                    disabled={fields.length === 1}
                    style={{ marginTop: i === 0 ? 30 : 0 }}
                  />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ mailProvider: undefined, perDay: '', perHour: '' })}>
                Add mail service
              </Button>
            </Card>
          )}
        </Form.List>
        <Card size="small" title={labels.thresholds} style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary">
            Percent of a day&apos;s messages to a mail service (backoff: of the day). Over yellow the relay holds its
            day; over red it steps back.
          </Typography.Paragraph>
          {SIGNALS.map(([key, label]) => (
            <Space key={key} align="start" wrap style={{ display: 'flex' }}>
              <span style={{ display: 'inline-block', width: 180, paddingTop: 5 }}>{label}</span>
              {(['yellow', 'red'] as const).map((line) => (
                <Form.Item
                  key={line}
                  name={['thresholds', key, line]}
                  rules={[{ required: true, message: M.threshold }]}
                >
                  <InputNumber
                    min={0}
                    max={100}
                    step={0.1}
                    addonBefore={line === 'yellow' ? 'Yellow' : 'Red'}
                    addonAfter="%"
                    aria-label={`${label}, ${line}`}
                    style={{ width: 170 }}
                  />
                </Form.Item>
              ))}
            </Space>
          ))}
        </Card>
        {isAdmin && (
          <Form.Item label={labels.user} name="user">
            <OwnerSelect allowClear={false} aria-label="Owner" style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Form>
    </EditPage>
  );
}

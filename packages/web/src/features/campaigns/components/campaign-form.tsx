import { useRef, type ReactNode } from 'react';
import {
  Button,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  Row,
  Select,
  Typography,
  type FormRule,
  type InputRef,
} from 'antd';
import { dayjs } from '@/lib/dayjs.ts';
import {
  CampaignMessages as M,
  SCHEDULE_FORMAT,
  formatSchedule,
  parseSchedule,
  type CampaignItem,
} from '@console/shared/campaigns';
import { RATINGS } from '@/components/rating-tag.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { useSmartLists, type CampaignKind } from '../api/campaigns.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { CampaignDuration } from './campaign-duration.tsx';

type Schema = Parameters<typeof zodRule>[0];

/** The fields of both kinds' forms; a kind's values add its own. */
export interface CampaignValues {
  name: string;
  sender: string;
  emailList?: number;
  mailProviders: number[];
  message?: number;
  offer?: number;
  relayStatus?: number;
  warmupOverflow?: number;
  relayGroup?: number;
  /** The schedules' checkboxes; the dates are `yyyy-MM-dd HH:mm` texts in UTC. */
  startOn: boolean;
  scheduledStart?: string;
  stopOn: boolean;
  scheduledStop?: string;
}

/** The shared fields as the API takes them: unchecked schedules are sent as null. */
export const commonBody = (v: CampaignValues) => ({
  name: v.name,
  sender: v.sender,
  emailList: v.emailList!,
  mailProviders: v.mailProviders,
  message: v.message!,
  offer: v.offer!,
  relayStatus: v.relayStatus!,
  warmupOverflow: (v.warmupOverflow ?? 1) as 1 | 2,
  relayGroup: v.relayGroup!,
  scheduledStart: v.startOn ? (v.scheduledStart ?? '') : null,
  scheduledStop: v.stopOn ? (v.scheduledStop ?? '') : null,
});

/** The shared fields from a campaign (as it is, or a clone of it: cloneOf). */
export function commonValues(
  c: Omit<CampaignItem, 'id' | 'startDate' | 'endDate' | 'user' | 'completion' | 'pauseReason'>,
) {
  const start = c.scheduledStart ? formatSchedule(c.scheduledStart) : undefined;
  const stop = c.scheduledStop ? formatSchedule(c.scheduledStop) : undefined;
  return {
    name: c.name,
    sender: c.sender,
    emailList: c.emailList.id,
    mailProviders: c.mailProviders.map((p) => p.id),
    message: c.message.id,
    offer: c.offer.id,
    relayStatus: c.relayStatus,
    warmupOverflow: c.warmupOverflow,
    relayGroup: c.relayGroup.id,
    startOn: Boolean(start),
    scheduledStart: start,
    stopOn: Boolean(stop),
    scheduledStop: stop,
  } satisfies CampaignValues;
}

export const commonLabels: Record<string, string> = {
  name: 'Name',
  sender: 'Sender',
  emailList: 'E-mail list',
  mailProviders: 'Mail services',
  message: 'Message',
  offer: 'PMTA offer',
  relayStatus: 'Relay Status',
  warmupOverflow: 'Over a warm-up allowance',
  relayGroup: 'Relay Group',
  scheduledStart: 'Scheduled start',
  scheduledStop: 'Scheduled stop',
};

/** One select field of the form: `clear` makes it optional ('None'). */
export type SelectField = (
  field: string,
  options: { value: number; label: string }[] | undefined,
  clear?: boolean,
) => ReactNode;

/** What a kind gives the form. */
export interface CampaignFormKind<V extends CampaignValues> {
  kind: CampaignKind;
  /** The create and update schemas (packages/shared): the fields' rules. */
  schemas: { create: Schema; update: Schema };
  /** Every field's label (commonLabels and the kind's own). */
  labels: Record<string, string>;
  /** The kind's own fields, after the offer (SMTP: its link groups). */
  extraFields?: (select: SelectField) => ReactNode;
  toBody: (v: V) => object;
}
const RELAY_STATUS_OPTIONS = Object.entries(RATINGS).map(([value, r]) => ({ value: Number(value), label: r.label }));
/** What mail over a warm-up relay's allowance does (decision 1432). */
const WARMUP_OVERFLOW_OPTIONS = [
  { value: 1, label: 'Waits for that relay (next hour or day)' },
  { value: 2, label: 'Moves to a relay with room' },
];
const DATE_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * 'The start date must be earlier than the stop date.' as soon as both dates are there: the schema says it
 * too, but only once every other field is valid (an object's refinements run after its fields').
 */
const startBeforeStop: FormRule = ({ getFieldsValue }) => ({
  validator: async () => {
    const v = getFieldsValue(true) as CampaignValues;
    const start = v.startOn && v.scheduledStart ? parseSchedule(v.scheduledStart) : null;
    const stop = v.stopOn && v.scheduledStop ? parseSchedule(v.scheduledStop) : null;
    if (start && stop && start >= stop) throw new Error(M.startBeforeStop);
  },
});
const full = { width: '100%' };

export interface CampaignFormProps<V extends CampaignValues> {
  form: CampaignFormKind<V>;
  editing: boolean;
  initialValues: V;
  /** Whose tags the sender's selector offers. */
  ownerId: number | undefined;
  saving: boolean;
  error: unknown;
  onSubmit: (values: V) => void;
}

/** 'Create new {kind} Campaign': every field of spec 3, rules from the kind's shared schema. */
export function CampaignForm<V extends CampaignValues>({
  form: kind,
  editing,
  initialValues,
  ownerId,
  saving,
  error,
  onSubmit,
}: CampaignFormProps<V>) {
  const [form] = Form.useForm<CampaignValues>();
  const { labels } = kind;
  const schema = editing ? kind.schemas.update : kind.schemas.create;
  const rule = (field: string) => [zodRule(schema, field, (v) => kind.toBody(v as unknown as V))];
  const owner = ownerId !== undefined ? { 'user.id': ownerId } : {};
  const lists = useSmartLists();
  const providers = useSelectOptions('/mail_providers');
  const messages = useSelectOptions('/messages', { 'archive[exists]': 'false', 'order[name]': 'asc' });
  const offers = useSelectOptions('/offers', { 'archive[exists]': 'false' });
  const relayGroups = useSelectOptions(`/${kind.kind}_relay_groups`, { 'archive[exists]': 'false' });
  const tags = useSelectOptions('/tags', owner, ownerId !== undefined);
  const startOn = Form.useWatch('startOn', form);
  const stopOn = Form.useWatch('stopOn', form);

  // The sender's tag selector writes `{name}` where the cursor was.
  const senderRef = useRef<InputRef>(null);
  const insertTag = (name: string) => {
    const el = senderRef.current?.input;
    const value = String(form.getFieldValue('sender') ?? '');
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? start;
    const text = `{${name}}`;
    form.setFieldValue('sender', value.slice(0, start) + text + value.slice(end));
    void form.validateFields(['sender']);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const select: SelectField = (field, options, clear = false) => (
    <Col xs={24} md={12} key={field}>
      <Form.Item label={labels[field]} name={field} rules={clear ? undefined : rule(field)}>
        <Select
          aria-label={labels[field]}
          options={options}
          allowClear={clear}
          placeholder={clear ? 'None' : undefined}
          showSearch={{ optionFilterProp: 'label' }}
          style={full}
        />
      </Form.Item>
    </Col>
  );
  const schedule = (
    field: 'scheduledStart' | 'scheduledStop',
    on: boolean | undefined,
    onField: 'startOn' | 'stopOn',
  ) => (
    <Form.Item label={`${labels[field]} (UTC)`} required={false} style={{ marginBottom: 0 }}>
      <Row gutter={8} wrap={false} align="top">
        <Col flex="none">
          <Form.Item name={onField} valuePropName="checked" noStyle>
            <Checkbox aria-label={`Enable ${labels[field]}`} style={{ marginTop: 5 }} />
          </Form.Item>
        </Col>
        <Col flex="auto">
          <Form.Item
            name={field}
            dependencies={['startOn', 'stopOn', field === 'scheduledStart' ? 'scheduledStop' : 'scheduledStart']}
            rules={[
              {
                required: Boolean(on),
                message: field === 'scheduledStart' ? M.scheduledStartRequired : M.scheduledStopRequired,
              },
              ...(on ? rule(field) : []),
              ...(field === 'scheduledStop' ? [startBeforeStop] : []),
            ]}
            getValueProps={(v: string | undefined) => ({ value: v ? dayjs(v) : null })}
            normalize={(d: ReturnType<typeof dayjs> | null) => (d ? d.format(DATE_FORMAT) : '')}
          >
            <DatePicker
              aria-label={labels[field]}
              disabled={!on}
              showTime={{ format: 'HH:mm' }}
              showNow={false}
              format={DATE_FORMAT}
              placeholder={SCHEDULE_FORMAT.replace('YYYY', 'yyyy').replace('DD', 'dd')}
              style={full}
            />
          </Form.Item>
        </Col>
      </Row>
    </Form.Item>
  );

  return (
    <Form<CampaignValues>
      form={form}
      layout="vertical"
      noValidate
      initialValues={initialValues}
      onFinish={(v) => onSubmit(v as V)}
      style={{ maxWidth: 980 }}
    >
      <ValidationErrors error={error} labels={labels} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={labels.name} name="name" rules={rule('name')}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={labels.sender}
            name="sender"
            rules={rule('sender')}
            extra="Saved tags in curly braces: {tagName}; a live tag holds alternatives separated by a pipe: {value 1|value 2|value 3}."
          >
            <Input
              ref={senderRef}
              autoComplete="off"
              maxLength={200}
              addonAfter={
                <Select
                  aria-label="Insert tag"
                  placeholder="Insert tag"
                  value={null}
                  variant="borderless"
                  popupMatchSelectWidth={220}
                  showSearch={{ optionFilterProp: 'label' }}
                  notFoundContent="No tags yet: add them under Dynamic content."
                  options={(tags.data ?? []).map((t) => ({ value: t.label, label: t.label }))}
                  onSelect={(name) => name && insertTag(name)}
                  style={{ width: 130 }}
                />
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={labels.emailList} name="emailList" rules={rule('emailList')}>
            <Select
              aria-label={labels.emailList}
              showSearch={{ optionFilterProp: 'label' }}
              options={lists.data?.map((l) => ({ value: l.id, label: l.label }))}
              style={full}
            />
          </Form.Item>
        </Col>
        {select('message', messages.data)}
        <Col span={24}>
          <Form.Item
            label={labels.mailProviders}
            name="mailProviders"
            rules={rule('mailProviders')}
            extra="New and cloned campaigns leave out 'Trash Mail' and 'GI'."
          >
            <Select
              aria-label={labels.mailProviders}
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              showSearch={{ optionFilterProp: 'label' }}
              options={providers.data}
              style={full}
            />
          </Form.Item>
        </Col>
      </Row>
      {/* The offer and the kind's own fields, then the relays and the schedules, each pair on its own rows. */}
      <Row gutter={16}>
        {select('offer', offers.data)}
        {kind.extraFields?.(select)}
      </Row>
      <Row gutter={16}>
        {select('relayStatus', RELAY_STATUS_OPTIONS)}
        {select('relayGroup', relayGroups.data)}
      </Row>
      <Row gutter={16}>{select('warmupOverflow', WARMUP_OVERFLOW_OPTIONS)}</Row>
      <CampaignDuration kind={kind.kind} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {schedule('scheduledStart', startOn, 'startOn')}
        </Col>
        <Col xs={24} md={12}>
          {schedule('scheduledStop', stopOn, 'stopOn')}
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        Without a scheduled start the campaign starts as soon as it is saved.
      </Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={saving}>
        Save
      </Button>
    </Form>
  );
}

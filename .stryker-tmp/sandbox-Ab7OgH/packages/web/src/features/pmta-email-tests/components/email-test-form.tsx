// @ts-nocheck
import { Button, Col, Form, Input, Row, Select } from 'antd';
import { pmtaEmailTestSchema, type PmtaEmailTestBody } from '@console/shared/pmta-email-tests';
import { SENDER_MAX } from '@console/shared/campaigns';
import { EMAIL_MAX } from '@console/shared/fields';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { zodRule } from '@/lib/form-rules.ts';

export interface EmailTestValues {
  email: string;
  sender: string;
  pmtaRelay?: number;
  message?: number;
  offer?: number;
}

export const toBody = (v: EmailTestValues): PmtaEmailTestBody => ({
  email: v.email,
  sender: v.sender,
  pmtaRelay: v.pmtaRelay!,
  message: v.message!,
  offer: v.offer!,
});

const labels: Record<keyof EmailTestValues, string> = {
  email: 'E-mail address',
  sender: 'Sender',
  pmtaRelay: 'Relay',
  message: 'Message',
  offer: 'Offer',
};
const full = { width: '100%' };

export interface EmailTestFormProps {
  initialValues: EmailTestValues;
  saving: boolean;
  error: unknown;
  onSubmit: (values: EmailTestValues) => void;
}

/** E-mail address, sender, relay, message, offer (spec 3); rules from the shared schema. */
export function EmailTestForm({ initialValues, saving, error, onSubmit }: EmailTestFormProps) {
  const rule = (field: keyof EmailTestValues) => [
    zodRule(pmtaEmailTestSchema, field, (v) => toBody(v as unknown as EmailTestValues)),
  ];
  const relays = useSelectOptions('/pmta_relays');
  const messages = useSelectOptions('/messages', { 'archive[exists]': 'false', 'order[name]': 'asc' });
  const offers = useSelectOptions('/offers', { 'archive[exists]': 'false' });
  const select = (
    field: 'pmtaRelay' | 'message' | 'offer',
    options: { value: number; label: string }[] | undefined,
  ) => (
    <Form.Item label={labels[field]} name={field} rules={rule(field)}>
      <Select aria-label={labels[field]} options={options} showSearch={{ optionFilterProp: 'label' }} style={full} />
    </Form.Item>
  );

  return (
    <Form<EmailTestValues>
      layout="vertical"
      noValidate
      initialValues={initialValues}
      onFinish={onSubmit}
      style={{ maxWidth: 720 }}
    >
      <ValidationErrors error={error} labels={labels} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={labels.email} name="email" rules={rule('email')}>
            <Input type="email" autoComplete="off" maxLength={EMAIL_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={labels.sender}
            name="sender"
            rules={rule('sender')}
            extra="Saved tags in curly braces: {tagName}; a live tag: {value 1|value 2}."
          >
            <Input autoComplete="off" maxLength={SENDER_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {select('pmtaRelay', relays.data)}
        </Col>
        <Col xs={24} md={12}>
          {select('message', messages.data)}
        </Col>
        <Col xs={24} md={12}>
          {select('offer', offers.data)}
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={saving}>
        Send
      </Button>
    </Form>
  );
}

import { useEffect } from 'react';
import { Button, Card, Form, InputNumber, Space, Typography } from 'antd';
import {
  SoftBounceMessages as M,
  bounceSettingsItem as schema,
  type BounceSettings,
} from '@console/shared/bounced-emails';
import { toast } from '@/components/feedback.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { useBounceSettings, useSetBounceSettings } from '../api/bounce-settings.ts';

/**
 * Bounce settings: a full mailbox or a server that does not answer suppresses an address only after so many
 * such bounces within so many days, with no delivery in between (decision 1361); infrastructure bounces
 * switch a PMTA relay off for a mail service at a share of its results there (decision 1362); a campaign
 * pauses above a complaint or hard-bounce rate (decision 1391).
 */
export function SoftBounceSettings() {
  const settings = useBounceSettings();
  const save = useSetBounceSettings();
  const [form] = Form.useForm<BounceSettings>();
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  return (
    <Card size="small" title="Bounce settings" loading={settings.isLoading} style={{ marginBottom: 16 }}>
      <ValidationErrors
        error={save.error}
        labels={{
          softBounceLimit: 'Soft bounces',
          softBounceDays: 'Days',
          infraPausePercent: 'Infra bounces',
          complaintPausePercent: 'Complaint rate',
          complaintPauseMinDelivered: 'Delivered',
          hardBouncePausePercent: 'Hard-bounce rate',
          hardBouncePauseMinSent: 'Sent',
        }}
      />
      <Form
        form={form}
        layout="inline"
        aria-label="Soft-bounce settings"
        onFinish={(v) => save.mutate(v, { onSuccess: () => toast.success(M.saved) })}
      >
        <Typography.Text style={{ marginRight: 8 }}>Suppress an address after</Typography.Text>
        <Form.Item name="softBounceLimit" rules={[zodRule(schema, 'softBounceLimit')]}>
          <InputNumber aria-label="Soft bounces" />
        </Form.Item>
        <Typography.Text style={{ marginRight: 8 }}>soft bounces within</Typography.Text>
        <Form.Item name="softBounceDays" rules={[zodRule(schema, 'softBounceDays')]}>
          <InputNumber aria-label="Days" />
        </Form.Item>
        <Typography.Text style={{ marginRight: 16 }}>days without a delivery.</Typography.Text>
        <Typography.Text style={{ marginRight: 8 }}>Switch a PMTA relay off for a mail service at</Typography.Text>
        <Form.Item name="infraPausePercent" rules={[zodRule(schema, 'infraPausePercent')]}>
          <InputNumber aria-label="Infra bounces" />
        </Form.Item>
        <Typography.Text style={{ marginRight: 16 }}>
          % infra bounces of its results there (24 hours; 0: never).
        </Typography.Text>
        {/* Decision 1391: the campaign pauses, each line with its minimum count. */}
        <Typography.Text style={{ marginRight: 8 }}>Pause a campaign above</Typography.Text>
        <Form.Item name="complaintPausePercent" rules={[zodRule(schema, 'complaintPausePercent')]}>
          <InputNumber aria-label="Complaint rate" step={0.1} />
        </Form.Item>
        <Typography.Text style={{ marginRight: 8 }}>% complaints once</Typography.Text>
        <Form.Item name="complaintPauseMinDelivered" rules={[zodRule(schema, 'complaintPauseMinDelivered')]}>
          <InputNumber aria-label="Delivered" />
        </Form.Item>
        <Typography.Text style={{ marginRight: 8 }}>are delivered, or above</Typography.Text>
        <Form.Item name="hardBouncePausePercent" rules={[zodRule(schema, 'hardBouncePausePercent')]}>
          <InputNumber aria-label="Hard-bounce rate" />
        </Form.Item>
        <Typography.Text style={{ marginRight: 8 }}>% hard bounces once</Typography.Text>
        <Form.Item name="hardBouncePauseMinSent" rules={[zodRule(schema, 'hardBouncePauseMinSent')]}>
          <InputNumber aria-label="Sent" />
        </Form.Item>
        <Space>
          <Typography.Text>are sent (0%: never).</Typography.Text>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

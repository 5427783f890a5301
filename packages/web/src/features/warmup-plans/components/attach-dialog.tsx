import { useState } from 'react';
import { Form, Modal, Radio, Select } from 'antd';
import { WarmupMessages as M, type WarmupPlan } from '@console/shared/warmup-plans';
import { toast } from '@/components/feedback.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { useAttachPlan, type RelayKind } from '../api/warmup-plans.ts';

interface Values {
  kind: RelayKind;
  relays?: number[];
  group?: number;
}
const labels = { kind: 'Relay kind', relays: 'Relays', group: 'Relay group' };

/** Attaches a plan to relays of its owner, or to every relay of one of their groups: each starts on day 1. */
export function AttachDialog({ plan, onClose }: { plan: WarmupPlan; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [kind, setKind] = useState<RelayKind>('pmta');
  const owner = { 'user.id': plan.user.id };
  const relays = useSelectOptions(kind === 'pmta' ? '/pmta_relays' : '/smtp_relays', owner);
  const groups = useSelectOptions(kind === 'pmta' ? '/pmta_relay_groups' : '/smtp_relay_groups', owner);
  const attach = useAttachPlan();
  const submit = (v: Values) =>
    attach.mutate(
      {
        id: plan.id,
        body: {
          kind: v.kind,
          ...(v.relays?.length ? { relays: v.relays } : {}),
          ...(v.group ? { group: v.group } : {}),
        },
      },
      {
        onSuccess: (r) => {
          toast.success(M.attached(r.attached));
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={`Attach ${plan.name}`}
      okText="Attach"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={attach.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'pmta' }}
        onValuesChange={(c: Partial<Values>) => {
          if (c.kind) {
            setKind(c.kind);
            form.setFieldsValue({ relays: [], group: undefined });
          }
        }}
        onFinish={submit}
      >
        <ValidationErrors error={attach.error} labels={labels} />
        <Form.Item label={labels.kind} name="kind">
          <Radio.Group
            options={[
              { value: 'pmta', label: 'PMTA relays (IP / VMTA)' },
              { value: 'smtp', label: 'SMTP relays (accounts)' },
            ]}
          />
        </Form.Item>
        <Form.Item label={labels.relays} name="relays">
          <Select
            mode="multiple"
            allowClear
            options={relays.data}
            loading={relays.isLoading}
            aria-label="Relays"
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item label={labels.group} name="group" extra="Every relay of the group joins the plan.">
          <Select
            allowClear
            options={groups.data}
            loading={groups.isLoading}
            aria-label="Relay group"
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

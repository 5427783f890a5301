import { Button, Form, Select } from 'antd';
import { useNavigate } from 'react-router';
import {
  CONFIG_FOR_SERVERS,
  PmtaConfigMessages as M,
  PmtaConfigTypeLabels,
  applyConfigFormSchema,
  type PmtaConfigType,
} from '@console/shared/pmta-configs';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useApplyConfig } from '../api/applied-pmta-configs.ts';

interface Values {
  type?: PmtaConfigType;
  config?: number;
  owner?: number;
  recipients: number[];
}
const TYPES = [0, 1].map((value) => ({ value, label: PmtaConfigTypeLabels[value as 0 | 1] }));
const labels = { type: 'Type', config: 'Config', recipients: 'Recipients' };
const rule = (field: 'type' | 'config' | 'recipients') => [zodRule(applyConfigFormSchema, field)];

/**
 * Apply PMTA Config: a type, then a config of that type, then the recipients' owner (disabled until a config
 * is chosen), then the recipients: that owner's servers (type 0) or relays (type 1).
 */
export function ApplyConfig() {
  const navigate = useNavigate();
  const apply = useApplyConfig();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form);
  const config = Form.useWatch('config', form);
  const owner = Form.useWatch('owner', form);
  const configs = useSelectOptions('/pmta_configs', { type }, type !== undefined);
  const forServers = type === CONFIG_FOR_SERVERS;
  const recipients = useSelectOptions(
    forServers ? '/pmta_servers' : '/pmta_relays',
    { 'user.id': owner },
    owner !== undefined && type !== undefined,
  );

  const submit = (v: Values) =>
    apply.mutate(
      { config: v.config!, recipients: v.recipients },
      {
        onSuccess: () => {
          toast.success(M.applied, { description: M.appliedText });
          navigate(href('appliedPmtaConfigs'));
        },
      },
    );

  return (
    <EditPage
      routeId={undefined}
      title="Apply PMTA Config"
      back={{ label: 'Back to Applied Configs', to: href('appliedPmtaConfigs') }}
      loading={false}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        noValidate
        initialValues={{ recipients: [] }}
        onFinish={submit}
        onValuesChange={(changed: Partial<Values>) => {
          // A choice empties what depends on it.
          if ('type' in changed) form.setFieldsValue({ config: undefined, owner: undefined, recipients: [] });
          else if ('config' in changed && changed.config === undefined)
            form.setFieldsValue({ owner: undefined, recipients: [] });
          else if ('owner' in changed) form.setFieldsValue({ recipients: [] });
        }}
        style={{ maxWidth: 640 }}
      >
        <ValidationErrors error={apply.error} labels={labels} />
        <Form.Item label="Type" name="type" rules={rule('type')}>
          <Select placeholder="Choose the type" aria-label="Type" options={TYPES} />
        </Form.Item>
        <Form.Item label="Config" name="config" rules={rule('config')}>
          <Select
            placeholder="Choose the config"
            aria-label="Config"
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            disabled={type === undefined}
            loading={configs.isFetching}
            options={configs.data}
          />
        </Form.Item>
        <Form.Item label="Recipient owner" name="owner">
          <OwnerSelect
            placeholder="Choose the owner"
            aria-label="Recipient owner"
            disabled={config === undefined}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          label={forServers || type === undefined ? 'Recipients' : 'Recipients (relays)'}
          name="recipients"
          rules={rule('recipients')}
          extra={
            forServers ? 'PMTA servers of the owner.' : type === undefined ? undefined : 'PMTA relays of the owner.'
          }
        >
          <Select
            mode="multiple"
            placeholder="Choose the recipients"
            aria-label="Recipients"
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            disabled={owner === undefined}
            loading={recipients.isFetching}
            options={recipients.data}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={apply.isPending}>
          Apply
        </Button>
      </Form>
    </EditPage>
  );
}

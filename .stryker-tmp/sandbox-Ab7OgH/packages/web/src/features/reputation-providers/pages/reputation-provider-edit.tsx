// @ts-nocheck
import { Alert, Button, Form, Input, Switch } from 'antd';
import { useNavigate } from 'react-router';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { href } from '@/lib/routes.ts';
import { useReputationProvider, useUpdateReputationProvider } from '../api/reputation-providers.ts';

interface Values {
  affectsRelayStatus: boolean;
  active: boolean;
}

/** The name read-only and the two flags. */
export function ReputationProviderEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const navigate = useNavigate();
  const provider = useReputationProvider(id);
  const save = useUpdateReputationProvider();

  return (
    <EditPage
      routeId={routeId}
      title={`Edit Reputation Provider #${id ?? ''}`}
      back={{ label: 'Back to providers', to: href('reputationProviders') }}
      loading={!provider.data}
    >
      {provider.data && (
        <Form<Values>
          layout="vertical"
          noValidate
          style={{ maxWidth: 560 }}
          initialValues={provider.data}
          onFinish={(v) =>
            save.mutate(
              { id: id!, body: { name: provider.data.name, ...v } },
              {
                onSuccess: () => {
                  toast.success('Updated!');
                  navigate(href('reputationProviders'));
                },
              },
            )
          }
        >
          <ValidationErrors
            error={save.error}
            labels={{ affectsRelayStatus: 'Affects the relay status', active: 'Active' }}
          />
          <Alert
            type={provider.data.kind === 'account' ? 'warning' : 'info'}
            showIcon
            style={{ marginBottom: 16 }}
            title={provider.data.note}
          />
          <Form.Item label="Name">
            <Input value={provider.data.name} disabled aria-label="Name" />
          </Form.Item>
          <Form.Item
            label="Affects the relay status"
            name="affectsRelayStatus"
            valuePropName="checked"
            extra="When on, a Poor rating here makes the relay Poor."
          >
            <Switch aria-label="Affects the relay status" />
          </Form.Item>
          <Form.Item label="Active" name="active" valuePropName="checked" extra="When off, the provider is not asked.">
            <Switch aria-label="Active" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
        </Form>
      )}
    </EditPage>
  );
}

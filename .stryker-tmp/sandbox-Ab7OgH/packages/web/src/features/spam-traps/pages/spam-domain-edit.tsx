// @ts-nocheck
import { Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { SpamTrapMessages as M, spamDomainSchema } from '@console/shared/spam-traps';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useSaveSpamDomain, useSpamDomain } from '../api/spam-traps.ts';

/** Add a spam-trap domain, or rename one (Save, Back). */
export function SpamDomainEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const navigate = useNavigate();
  const current = useSpamDomain(id);
  const save = useSaveSpamDomain();
  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit SpamTrap Domain #${id}` : 'Add SpamTrap Domain'}
      back={{ label: 'Back', to: href('spamDomains') }}
      loading={Boolean(id) && !current.data}
    >
      <Form<{ domain: string }>
        key={id ?? 'new'}
        layout="vertical"
        noValidate
        style={{ maxWidth: 520 }}
        initialValues={{ domain: current.data?.domain ?? '' }}
        onFinish={(v) =>
          save.mutate(
            { id, ...v },
            {
              onSuccess: (d) => {
                toast.success(id ? 'Updated!' : M.domainAdded(d.id));
                navigate(href('spamDomains'));
              },
            },
          )
        }
      >
        <ValidationErrors error={save.error} labels={{ domain: 'Domain' }} />
        <Form.Item label="Domain" name="domain" rules={[zodRule(spamDomainSchema, 'domain')]}>
          <Input autoComplete="off" placeholder="trap-domain.example" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Form>
    </EditPage>
  );
}

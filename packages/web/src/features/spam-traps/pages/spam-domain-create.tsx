import { Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { SpamTrapMessages as M, spamDomainSchema } from '@console/shared/spam-traps';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useAddSpamDomain } from '../api/spam-traps.ts';

/** Add one spam-trap domain (Save, Back). */
export function SpamDomainCreate() {
  const navigate = useNavigate();
  const add = useAddSpamDomain();
  return (
    <EditPage
      routeId={undefined}
      title="Add SpamTrap Domain"
      back={{ label: 'Back', to: href('spamDomains') }}
      loading={false}
    >
      <Form<{ domain: string }>
        layout="vertical"
        noValidate
        style={{ maxWidth: 520 }}
        initialValues={{ domain: '' }}
        onFinish={(v) =>
          add.mutate(v, {
            onSuccess: (d) => {
              toast.success(M.domainAdded(d.id));
              navigate(href('spamDomains'));
            },
          })
        }
      >
        <ValidationErrors error={add.error} labels={{ domain: 'Domain' }} />
        <Form.Item label="Domain" name="domain" rules={[zodRule(spamDomainSchema, 'domain')]}>
          <Input autoComplete="off" placeholder="trap-domain.example" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          Save
        </Button>
      </Form>
    </EditPage>
  );
}

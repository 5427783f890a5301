import { Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { SpamTrapMessages as M, spamEmailSchema } from '@console/shared/spam-traps';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useAddSpamEmail } from '../api/spam-traps.ts';

/** Add one spam-trap e-mail with a note (Save, Back). */
export function SpamEmailCreate() {
  const navigate = useNavigate();
  const add = useAddSpamEmail();
  return (
    <EditPage
      routeId={undefined}
      title="Add SpamTrap Email"
      back={{ label: 'Back', to: href('spamEmails') }}
      loading={false}
    >
      <Form<{ email: string; info?: string }>
        layout="vertical"
        noValidate
        style={{ maxWidth: 520 }}
        initialValues={{ email: '', info: '' }}
        onFinish={(v) =>
          add.mutate(v, {
            onSuccess: (e) => {
              toast.success(M.emailAdded(e.id));
              navigate(href('spamEmails'));
            },
          })
        }
      >
        <ValidationErrors error={add.error} labels={{ email: 'Email', info: 'Info' }} />
        <Form.Item label="Email" name="email" rules={[zodRule(spamEmailSchema, 'email')]}>
          <Input autoComplete="off" placeholder="trap@example.com" />
        </Form.Item>
        <Form.Item label="Info" name="info" rules={[zodRule(spamEmailSchema, 'info')]}>
          <Input.TextArea rows={3} placeholder="Where it came from" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          Save
        </Button>
      </Form>
    </EditPage>
  );
}

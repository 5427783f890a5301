// @ts-nocheck
import { Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { SpamTrapMessages as M, spamEmailSchema } from '@console/shared/spam-traps';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useSaveSpamEmail, useSpamEmail } from '../api/spam-traps.ts';

/** Add a spam-trap e-mail with a note, or edit one (Save, Back). */
export function SpamEmailEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const navigate = useNavigate();
  const current = useSpamEmail(id);
  const save = useSaveSpamEmail();
  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit SpamTrap Email #${id}` : 'Add SpamTrap Email'}
      back={{ label: 'Back', to: href('spamEmails') }}
      loading={Boolean(id) && !current.data}
    >
      <Form<{ email: string; info?: string }>
        key={id ?? 'new'}
        layout="vertical"
        noValidate
        style={{ maxWidth: 520 }}
        initialValues={{ email: current.data?.email ?? '', info: current.data?.info ?? '' }}
        onFinish={(v) =>
          save.mutate(
            { id, ...v },
            {
              onSuccess: (e) => {
                toast.success(id ? 'Updated!' : M.emailAdded(e.id));
                navigate(href('spamEmails'));
              },
            },
          )
        }
      >
        <ValidationErrors error={save.error} labels={{ email: 'Email', info: 'Info' }} />
        <Form.Item label="Email" name="email" rules={[zodRule(spamEmailSchema, 'email')]}>
          <Input autoComplete="off" placeholder="trap@example.com" />
        </Form.Item>
        <Form.Item label="Info" name="info" rules={[zodRule(spamEmailSchema, 'info')]}>
          <Input.TextArea rows={3} placeholder="Where it came from" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Form>
    </EditPage>
  );
}

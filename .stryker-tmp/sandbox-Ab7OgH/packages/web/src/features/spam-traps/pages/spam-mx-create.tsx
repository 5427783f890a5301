// @ts-nocheck
import { Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { SpamTrapMessages as M, spamMxSchema } from '@console/shared/spam-traps';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useAddSpamMx } from '../api/spam-traps.ts';

/** Add one spam-trap MX server: the addresses of every domain that uses it become invalid. */
export function SpamMxCreate() {
  const navigate = useNavigate();
  const add = useAddSpamMx();
  return (
    <EditPage routeId={undefined} title="Add SpamTrap MX" back={{ label: 'Back', to: href('spamMxs') }} loading={false}>
      <Form<{ mx: string }>
        layout="vertical"
        noValidate
        style={{ maxWidth: 520 }}
        initialValues={{ mx: '' }}
        onFinish={(v) =>
          add.mutate(v, {
            onSuccess: (m) => {
              toast.success(M.mxAdded(m.id));
              navigate(href('spamMxs'));
            },
          })
        }
      >
        <ValidationErrors error={add.error} labels={{ mx: 'MX server' }} />
        <Form.Item
          label="MX server"
          name="mx"
          rules={[zodRule(spamMxSchema, 'mx')]}
          extra="The lists' domains are looked up in DNS; those whose MX is this host are spam traps."
        >
          <Input autoComplete="off" placeholder="mx.trap-network.example" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          Save
        </Button>
      </Form>
    </EditPage>
  );
}

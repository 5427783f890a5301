// @ts-nocheck
import { Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { TagMessages as M, tagSchema } from '@console/shared/tags';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useSession } from '@/lib/session.ts';
import { useSaveTag, useTag } from '../api/tags.ts';

interface Values {
  name: string;
  /** One value per line. */
  content: string;
  user?: number;
}
const lines = (text: string) => text.split(/\r?\n/);
const labels = { name: 'Tag Name', content: 'Content', user: 'Owner' };
const rule = (field: keyof Values) => [
  zodRule(tagSchema, field, (v) => ({ ...v, content: lines(String(v.content ?? '')) })),
];

/** Create and edit a tag: its name and its values, one per line. */
export function TagEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const navigate = useNavigate();
  const tag = useTag(id);
  const save = useSaveTag();

  const submit = (v: Values) =>
    save.mutate(
      { id, body: { name: v.name, content: lines(v.content), ...(isAdmin && v.user ? { user: v.user } : {}) } },
      {
        onSuccess: (saved) => {
          toast.success(id ? M.updated(saved.name) : M.added(saved.name));
          navigate(href('tags'));
        },
      },
    );

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit Tag #${id}` : 'Create Tag'}
      back={{ label: 'Back to tags', to: href('tags') }}
      loading={Boolean(id) && !tag.data}
    >
      <Form<Values>
        key={id ?? 'new'}
        layout="vertical"
        noValidate
        style={{ maxWidth: 720 }}
        initialValues={
          tag.data
            ? { name: tag.data.name, content: tag.data.content.join('\n'), user: tag.data.user.id }
            : { name: '', content: '', user: session?.claims.id }
        }
        onFinish={submit}
      >
        <ValidationErrors error={save.error} labels={labels} />
        <Form.Item label={labels.name} name="name" rules={rule('name')} extra="Written {name} in a message.">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={labels.content}
          name="content"
          rules={rule('content')}
          extra="One value per line: each message gets one of them at random."
        >
          <Input.TextArea rows={10} />
        </Form.Item>
        {isAdmin && (
          <Form.Item label={labels.user} name="user">
            <OwnerSelect allowClear={false} aria-label="Owner" style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Form>
    </EditPage>
  );
}

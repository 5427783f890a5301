// @ts-nocheck
import { Button, Form, Input, Select, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { LINK_EXAMPLES, linkGroupSchema, type LinkTypeName } from '@console/shared/link-groups';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useSession } from '@/lib/session.ts';
import { useLinkGroup, useSaveLinkGroup } from '../api/link-groups.ts';
import { TYPE_OPTIONS } from '../link-types.ts';

interface Values {
  type?: LinkTypeName;
  name: string;
  user?: number;
}
const labels = { type: 'Type', name: 'Group Name', user: 'Owner' };
const rule = (field: keyof Values) => [zodRule(linkGroupSchema, field)];

/** Create and edit a link group: its type, name and (administrators) owner. */
export function LinkGroupEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const navigate = useNavigate();
  const group = useLinkGroup(id);
  const save = useSaveLinkGroup();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form);

  const submit = (v: Values) =>
    save.mutate(
      { id, body: { type: v.type!, name: v.name, ...(isAdmin && v.user ? { user: v.user } : {}) } },
      {
        onSuccess: () => {
          toast.success(id ? 'Updated!' : 'Added successfully!');
          navigate(href('linkGroups'));
        },
      },
    );

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit Link Group #${id}` : 'Create Link Group'}
      back={{ label: 'Back to link groups', to: href('linkGroups') }}
      loading={Boolean(id) && !group.data}
    >
      <Form<Values>
        form={form}
        key={id ?? 'new'}
        layout="vertical"
        noValidate
        style={{ maxWidth: 560 }}
        initialValues={
          group.data
            ? { type: group.data.type, name: group.data.name, user: group.data.user.id }
            : { name: '', user: session?.claims.id }
        }
        onFinish={submit}
      >
        <ValidationErrors error={save.error} labels={labels} />
        <Form.Item
          label={labels.type}
          name="type"
          rules={rule('type')}
          extra={
            type && (
              <span>
                Its links look like <Typography.Text code>{LINK_EXAMPLES[type]}</Typography.Text>
              </span>
            )
          }
        >
          <Select aria-label={labels.type} options={TYPE_OPTIONS} disabled={Boolean(group.data?.linksCount)} />
        </Form.Item>
        <Form.Item label={labels.name} name="name" rules={rule('name')}>
          <Input autoComplete="off" />
        </Form.Item>
        {isAdmin && (
          <Form.Item label={labels.user} name="user">
            <OwnerSelect
              allowClear={false}
              aria-label="Owner"
              style={{ width: '100%' }}
              disabled={Boolean(group.data?.linksCount)}
            />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Form>
    </EditPage>
  );
}

import { Alert, Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { relayGroupSchema, type RelayGroupKind } from '@console/shared/relay-groups';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useSession } from '@/lib/session.ts';
import { useRelayGroup, useSaveRelayGroup } from '../api/relay-groups.ts';
import { kindScreens } from '../kinds.ts';

interface Values {
  name: string;
  user?: number;
}
const rule = (field: keyof Values) => [zodRule(relayGroupSchema, field)];

/** Create and edit a relay group: its name, and its owner for administrators. */
export function RelayGroupEdit({ kind }: { kind: RelayGroupKind }) {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const navigate = useNavigate();
  const screens = kindScreens[kind];
  const group = useRelayGroup(kind, id);
  const save = useSaveRelayGroup();
  const archived = Boolean(group.data?.archive);

  const submit = (v: Values) =>
    // The owner is dropped when empty (spec 2): the server then keeps it or makes the caller the owner.
    save.mutate(
      { kind, id, body: { name: v.name, ...(isAdmin && v.user ? { user: v.user } : {}) } },
      {
        onSuccess: () => {
          toast.success(id ? 'Updated!' : 'Added successfully!');
          navigate(href(screens.list));
        },
      },
    );

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit ${screens.label} Relay Group #${id}` : `Create ${screens.label} Relay Group`}
      back={{ label: 'Back to groups', to: href(screens.list) }}
      loading={Boolean(id) && !group.data}
    >
      {archived && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="This group is archived: it is read-only." />
      )}
      <Form<Values>
        key={id ?? 'new'}
        layout="vertical"
        noValidate
        disabled={archived}
        style={{ maxWidth: 520 }}
        initialValues={
          group.data ? { name: group.data.name, user: group.data.user.id } : { name: '', user: session?.claims.id }
        }
        onFinish={submit}
      >
        <ValidationErrors error={save.error} labels={{ name: 'Group Name', user: 'Owner' }} />
        <Form.Item label="Group Name" name="name" rules={rule('name')}>
          <Input autoComplete="off" />
        </Form.Item>
        {isAdmin && (
          <Form.Item label="Owner" name="user">
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

import type { ReactNode } from 'react';
import { Button, Col, Form, Input, Row, Space, type FormInstance } from 'antd';
import { useNavigate } from 'react-router';
import type { RelayKind } from '@console/shared/relays';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { href, type RouteName } from '@/lib/routes.ts';
import { useSession } from '@/lib/session.ts';

/**
 * Who is saving a server of a kind (administrators may give it another owner; a new one starts as the
 * caller's), and `saved`, which says so and goes back to the kind's server list.
 */
export function useServerForm(kind: RelayKind) {
  const session = useSession();
  const navigate = useNavigate();
  const saved = (id: number | undefined) => ({
    onSuccess: () => {
      toast.success(id ? 'Updated!' : 'Added successfully!');
      navigate(href(`${kind}Servers` satisfies RouteName));
    },
  });
  return { kind, isAdmin: session?.isAdmin ?? false, userId: session?.claims.id, saved };
}

interface ServerEditPageProps<V> {
  /** `useServerForm`: the kind, and whether the caller is an administrator. */
  editor: ReturnType<typeof useServerForm>;
  id: number | undefined;
  routeId: number | undefined | 'malformed';
  loading: boolean;
  form?: FormInstance<V>;
  initialValues: V;
  onFinish: (values: V) => void;
  save: { error: unknown; isPending: boolean };
  /** The kind's labels (`name` among them), for the fields and the errors card. */
  labels: Record<string, string> & { name: string };
  schema: Parameters<typeof zodRule>[0];
  /** The kind's fields, between the name and the owner. */
  fields: ReactNode;
  /** Below the fields, above Save. */
  after?: ReactNode;
  /** Buttons beside Save (the page then lays them out in a row). */
  buttons?: ReactNode;
  /** A right-hand column (the uploads of Create); given at all, the form sits in a row of columns. */
  side?: ReactNode;
}

/** Create/Edit of a server of either kind: the name, the kind's fields, the owner (administrators); Save. */
export function ServerEditPage<V extends object>(p: ServerEditPageProps<V>) {
  const { kind, isAdmin } = p.editor;
  const KIND = kind.toUpperCase();
  const save = (
    <Button type="primary" htmlType="submit" loading={p.save.isPending}>
      Save
    </Button>
  );
  const form = (
    <Form<V>
      {...(p.form && { form: p.form })}
      key={p.id ?? 'new'}
      layout="vertical"
      noValidate
      initialValues={p.initialValues}
      onFinish={p.onFinish}
      style={{ maxWidth: 880 }}
    >
      <ValidationErrors error={p.save.error} labels={p.labels} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={p.labels.name} name="name" rules={[zodRule(p.schema, 'name')]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        {p.fields}
        {isAdmin && (
          <Col xs={24} md={12}>
            <Form.Item label="Owner" name="user">
              <OwnerSelect allowClear={false} aria-label="Owner" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
      </Row>
      {p.after}
      {p.buttons === undefined ? (
        save
      ) : (
        <Space wrap size="large">
          {save}
          {p.buttons}
        </Space>
      )}
    </Form>
  );
  return (
    <EditPage
      routeId={p.routeId}
      title={p.id ? `Edit ${KIND} Server #${p.id}` : `Create ${KIND} Server`}
      back={{ label: `Back to ${KIND} Servers`, to: href(`${kind}Servers` satisfies RouteName) }}
      loading={p.loading}
    >
      {p.side === undefined ? (
        form
      ) : (
        <Row gutter={24}>
          <Col xs={24} xl={p.side ? 14 : 24}>
            {form}
          </Col>
          {p.side && (
            <Col xs={24} xl={10}>
              {p.side}
            </Col>
          )}
        </Row>
      )}
    </EditPage>
  );
}

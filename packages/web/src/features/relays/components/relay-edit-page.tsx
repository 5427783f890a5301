import { RiseOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useNavigate } from 'react-router';
import type { RelayKind } from '@console/shared/relays';
import { EditPage } from '@/components/edit-page.tsx';
import { LinkButton } from '@/components/row-actions.tsx';
import { toast } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { SpeedHint } from '@/components/speed-hint.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { href, type RouteName } from '@/lib/routes.ts';
import { useSession } from '@/lib/session.ts';

/** The labels both relay kinds' forms share (a kind adds its own fields' labels). */
export const relayLabels = {
  user: 'Owner',
  group: 'Relay Group',
  senderEmail: 'Sender Email',
  normalSpeed: 'Normal speed',
  backoffSpeed: 'Backoff speed',
  description: 'Description',
};

/**
 * The owner a relay form works for: the relay's, or on Create the caller (an administrator picks one first),
 * with the owner's servers and current groups of the kind to choose from; and `saved`, which says so and
 * goes back to the kind's relay list.
 */
export function useRelayForm(kind: RelayKind, relayOwnerId: number | undefined) {
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const navigate = useNavigate();
  const [owner, setOwner] = useState<number | undefined>(isAdmin ? undefined : session?.claims.id);
  const ownerId = relayOwnerId ?? owner;
  const known = ownerId !== undefined;
  const servers = useSelectOptions(`/${kind}_servers`, { 'user.id': ownerId }, known);
  const groups = useSelectOptions(`/${kind}_relay_groups`, { 'archive[exists]': 'false', 'user.id': ownerId }, known);
  const saved = (message: string) => () => {
    toast.success(message);
    navigate(href(`${kind}Relays` satisfies RouteName));
  };
  return { kind, isAdmin, owner, setOwner, ownerId, known, servers: servers.data, groups: groups.data, saved };
}

interface RelayEditPageProps<V> {
  id: number | undefined;
  routeId: number | undefined | 'malformed';
  /** `useRelayForm`: the kind, the owner, the server and group options. */
  form: ReturnType<typeof useRelayForm>;
  /** The relay being edited (its owner's name), once it has arrived. */
  relay: { user: { username: string } } | undefined;
  initialValues: V;
  onFinish: (values: V) => void;
  save: { error: unknown; isPending: boolean };
  /** The kind's labels (its server's as `pmtaServer` / `smtpServer`), for the fields and the errors card. */
  labels: Record<string, string>;
  /** The shared schema of Create or Edit: the form says what the server would. */
  schema: Parameters<typeof zodRule>[0];
  /** Edit keeps the relay on its server (PMTA). */
  serverLocked?: boolean;
  /** The kind's own fields, between the group and the speeds. */
  fields: ReactNode;
  /** The kind's own checkboxes, after Active. */
  checks: ReactNode;
  /** The right-hand column (uploads on Create, operations on Edit), if any. */
  side?: ReactNode;
  /** What the owner must see first (the relay's pauses), above the form and its side at every width. */
  notice?: ReactNode;
}

/**
 * Create/Edit of a relay of either kind: the owner first (administrators, on Create), the server and group,
 * the kind's fields, the speeds (Edit), the description, Active and the kind's checkboxes; Save.
 */
export function RelayEditPage<V extends object>(p: RelayEditPageProps<V>) {
  const { id, form, labels } = p;
  const { kind } = form;
  const KIND = kind.toUpperCase();
  const server = `${kind}Server`;
  const rule = (field: string) => [zodRule(p.schema, field)];
  return (
    <EditPage
      routeId={p.routeId}
      title={id ? `Edit ${KIND} Relay #${id}` : `Create ${KIND} Relay`}
      back={{ label: `Back to ${KIND} Relays`, to: href(`${kind}Relays` satisfies RouteName) }}
      extra={
        id && (
          <LinkButton to={href('warmupRelay', { kind, id })} icon={<RiseOutlined />} label="Warm-up">
            Warm-up
          </LinkButton>
        )
      }
      loading={Boolean(id) && !p.relay}
    >
      {p.notice && <div style={{ marginBottom: 16 }}>{p.notice}</div>}
      <Row gutter={24}>
        <Col xs={24} xl={14}>
          {form.isAdmin && !id && (
            <Form.Item
              label="Owner"
              layout="vertical"
              extra="Choose the owner first: the servers and groups are theirs."
            >
              <OwnerSelect
                aria-label="Owner"
                value={form.owner}
                onChange={(v) => form.setOwner(v ?? undefined)}
                style={{ width: '100%' }}
              />
            </Form.Item>
          )}
          <Form<V>
            key={`${id ?? 'new'}-${form.ownerId ?? ''}`}
            layout="vertical"
            noValidate
            initialValues={p.initialValues}
            onFinish={p.onFinish}
            disabled={!form.known}
            style={{ maxWidth: 880 }}
          >
            <ValidationErrors error={p.save.error} labels={labels} />
            {id && (
              <Form.Item label="Owner">
                <Input value={p.relay?.user.username} disabled />
              </Form.Item>
            )}
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item label={labels[server]} name={server} rules={id && p.serverLocked ? [] : rule(server)}>
                  <Select
                    aria-label={labels[server]}
                    options={form.servers}
                    {...(p.serverLocked && { disabled: Boolean(id) })}
                    showSearch={{ optionFilterProp: 'label' }}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label={relayLabels.group} name="group" rules={rule('group')}>
                  <Select
                    aria-label={relayLabels.group}
                    options={form.groups}
                    showSearch={{ optionFilterProp: 'label' }}
                  />
                </Form.Item>
              </Col>
              {p.fields}
              {id && (
                <>
                  <Col xs={12} md={6}>
                    <Form.Item
                      label={relayLabels.normalSpeed}
                      name="normalSpeed"
                      rules={rule('normalSpeed')}
                      extra={<SpeedHint name="normalSpeed" />}
                    >
                      <InputNumber style={{ width: '100%' }} addonAfter="s" />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    <Form.Item
                      label={relayLabels.backoffSpeed}
                      name="backoffSpeed"
                      rules={rule('backoffSpeed')}
                      dependencies={['normalSpeed']}
                    >
                      <InputNumber style={{ width: '100%' }} addonAfter="s" />
                    </Form.Item>
                  </Col>
                </>
              )}
              <Col span={24}>
                <Form.Item label={relayLabels.description} name="description" rules={rule('description')}>
                  <Input.TextArea rows={2} maxLength={400} showCount />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="active" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox>Active</Checkbox>
            </Form.Item>
            {p.checks}
            <Button type="primary" htmlType="submit" loading={p.save.isPending}>
              Save
            </Button>
          </Form>
        </Col>
        {p.side && (
          <Col xs={24} xl={10}>
            {p.side}
          </Col>
        )}
      </Row>
    </EditPage>
  );
}

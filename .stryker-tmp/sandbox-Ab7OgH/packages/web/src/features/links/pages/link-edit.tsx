// @ts-nocheck
import { useState } from 'react';
import { Alert, Button, Form, Input, Select, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { HydraCollection } from '@console/shared/hydra';
import { LINK_EXAMPLES, type LinkGroup } from '@console/shared/link-groups';
import { isHttpLink, LINK_MACROS, linkSchema } from '@console/shared/links';
import { HTTP_UNSUBSCRIBE_WARNING } from '@console/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { http } from '@/lib/http.ts';
import { href } from '@/lib/routes.ts';
import { useSession } from '@/lib/session.ts';
import { useLink, useSaveLink } from '../api/links.ts';

interface Values {
  group?: number;
  url: string;
}
const labels = { group: 'Group', url: 'URL', user: 'Owner' };
const rule = (field: keyof Values) => [zodRule(linkSchema, field)];

/** Create and edit a link: the owner (administrators, first), one of their groups, the URL template. */
export function LinkEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const navigate = useNavigate();
  const link = useLink(id);
  const save = useSaveLink();
  const [form] = Form.useForm<Values>();
  const [owner, setOwner] = useState<number | undefined>(isAdmin ? undefined : session?.claims.id);
  const ownerId = link.data?.user.id ?? owner;
  // The owner's groups with their types: the form shows the example of the chosen group's type.
  const groups = useQuery({
    queryKey: ['link_groups', 'of-owner', ownerId],
    queryFn: () =>
      http.get<HydraCollection<LinkGroup>>('/link_groups', { query: { pagination: 'false', 'user.id': ownerId } }),
    enabled: ownerId !== undefined,
    select: (c) => c['hydra:member'],
  });
  const groupId = Form.useWatch('group', form);
  const chosen = groups.data?.find((g) => g.id === groupId);
  const url = Form.useWatch('url', form) ?? link.data?.url ?? '';
  // Allowed, but worth knowing before it is sent (issue 26).
  const httpUnsubscribe = chosen?.type === 'unsubscribe' && isHttpLink(url);

  const submit = (v: Values) =>
    save.mutate(
      { id, body: { group: v.group!, url: v.url } },
      {
        onSuccess: () => {
          toast.success(id ? 'Updated!' : 'Added successfully!');
          navigate(href('links'));
        },
      },
    );

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit Link #${id}` : 'Create Link'}
      back={{ label: 'Back to links', to: href('links') }}
      loading={Boolean(id) && !link.data}
    >
      {isAdmin && !id && (
        <Form.Item
          label="Owner"
          layout="vertical"
          extra="Choose the owner first: the groups are theirs."
          style={{ maxWidth: 720 }}
        >
          <OwnerSelect
            aria-label="Owner"
            value={owner}
            onChange={(v) => setOwner(v ?? undefined)}
            style={{ width: '100%' }}
          />
        </Form.Item>
      )}
      <Form<Values>
        form={form}
        key={`${id ?? 'new'}-${ownerId ?? ''}`}
        layout="vertical"
        noValidate
        disabled={ownerId === undefined}
        style={{ maxWidth: 720 }}
        initialValues={link.data ? { group: link.data.group.id, url: link.data.url } : { url: '' }}
        onFinish={submit}
      >
        <ValidationErrors error={save.error} labels={labels} />
        <Form.Item label={labels.group} name="group" rules={rule('group')}>
          <Select
            aria-label={labels.group}
            showSearch={{ optionFilterProp: 'label' }}
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.type})` }))}
          />
        </Form.Item>
        <Form.Item
          label={labels.url}
          name="url"
          rules={rule('url')}
          extra={
            <span>
              Macros:{' '}
              {LINK_MACROS.map((m) => (
                <Typography.Text code key={m}>
                  {m}
                </Typography.Text>
              ))}
              . Example
              {chosen ? ` for ${chosen.type} links` : ''}:{' '}
              <Typography.Text code>{LINK_EXAMPLES[chosen?.type ?? 'offer']}</Typography.Text>
            </span>
          }
        >
          <Input autoComplete="off" placeholder={LINK_EXAMPLES[chosen?.type ?? 'offer']} />
        </Form.Item>
        {httpUnsubscribe && (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={HTTP_UNSUBSCRIBE_WARNING} />
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Form>
    </EditPage>
  );
}

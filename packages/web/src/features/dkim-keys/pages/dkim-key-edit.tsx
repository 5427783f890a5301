import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Space, Typography } from 'antd';
import { CloudSyncOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import {
  DEFAULT_DKIM_SELECTOR,
  DkimKeyMessages as M,
  dkimKeySchema,
  complaintAddressSchema,
  type DkimDnsCheck,
  type DkimKey,
} from '@console/shared/dkim-keys';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { errorLines } from '@/lib/http.ts';
import { href } from '@/lib/routes.ts';
import { useSession } from '@/lib/session.ts';
import { useCheckDkimDns, useCreateDkimKey, useDkimKey, useSetComplaintAddress } from '../api/dkim-keys.ts';
import { DnsStatusTag } from '../components/dns-status-tag.tsx';

interface Values {
  domain: string;
  selector: string;
  user?: number;
}
const labels = { domain: 'Domain', selector: 'Selector', user: 'Owner' };
const rule = (field: keyof Values) => [zodRule(dkimKeySchema, field)];

const ALERT: Record<DkimDnsCheck['status'], 'success' | 'warning' | 'error' | 'info'> = {
  match: 'success',
  mismatch: 'error',
  missing: 'warning',
  error: 'info',
};

/**
 * CFBL (RFC 9477, decision 1392): where receivers send complaints about the domain's mail; announced in
 * every signed message (CFBL-Address, with the tracking id as CFBL-Feedback-ID). Empty: none.
 */
function ComplaintAddress({ k }: { k: DkimKey }) {
  const save = useSetComplaintAddress();
  return (
    <Form
      layout="inline"
      aria-label="Complaint address"
      initialValues={{ complaintAddress: k.complaintAddress ?? '' }}
      onFinish={(v: { complaintAddress: string }) =>
        save.mutate(
          { id: k.id, complaintAddress: v.complaintAddress },
          { onSuccess: () => toast.success(M.complaintAddressSaved) },
        )
      }
    >
      <Form.Item
        name="complaintAddress"
        label="Complaint address (CFBL)"
        rules={[zodRule(complaintAddressSchema, 'complaintAddress')]}
        extra={`On ${k.domain} or a subdomain; complaints come back there as ARF reports.`}
      >
        <Input placeholder={`fbl@${k.domain}`} style={{ width: 280 }} allowClear />
      </Form.Item>
      <Button htmlType="submit" loading={save.isPending}>
        Save
      </Button>
      <div style={{ width: '100%' }}>
        <ValidationErrors error={save.error} labels={{ complaintAddress: 'Complaint address' }} />
      </div>
    </Form>
  );
}

/** A key: the DNS record to publish and the "Check DNS" button. */
function KeyView({ k }: { k: DkimKey }) {
  const check = useCheckDkimDns();
  const [answer, setAnswer] = useState<DkimDnsCheck>();
  const run = () =>
    check.mutate(k.id, {
      onSuccess: setAnswer,
      onError: (e) => toast.error(`Check failed: ${errorLines(e)[0] ?? 'Some error occurred.'}`),
    });
  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 960 }}>
      <Typography.Paragraph style={{ margin: 0 }}>
        SMTP relays whose sender address is on <b>{k.domain}</b> sign their mail with this key (unless the relay says
        its provider signs). Publish this TXT record in the domain&apos;s DNS, then check it.
      </Typography.Paragraph>
      <Descriptions bordered column={1} size="small" styles={{ label: { width: 160 } }}>
        <Descriptions.Item label="Domain">{k.domain}</Descriptions.Item>
        <Descriptions.Item label="Selector">{k.selector}</Descriptions.Item>
        <Descriptions.Item label="Record type">TXT</Descriptions.Item>
        <Descriptions.Item label="Name">
          <Typography.Text code copyable>
            {k.dnsName}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Value">
          <Typography.Paragraph
            copyable
            aria-label="DNS record value"
            style={{
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
              fontSize: 12,
              margin: 0,
              wordBreak: 'break-all',
            }}
          >
            {k.dnsRecord}
          </Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label="DNS">
          <Space>
            <DnsStatusTag status={answer?.status ?? k.dnsStatus} />
            {k.dnsCheckedAt && !answer && (
              <Typography.Text type="secondary">checked {new Date(k.dnsCheckedAt).toLocaleString()}</Typography.Text>
            )}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Button type="primary" icon={<CloudSyncOutlined />} loading={check.isPending} onClick={run}>
        Check DNS
      </Button>
      <ComplaintAddress k={k} />
      {answer && (
        <Alert
          type={ALERT[answer.status]}
          showIcon
          title={answer.message}
          description={
            answer.records.length ? (
              <div>
                Found:
                {answer.records.map((r) => (
                  <Typography.Paragraph key={r} code style={{ wordBreak: 'break-all', margin: '4px 0 0' }}>
                    {r}
                  </Typography.Paragraph>
                ))}
              </div>
            ) : undefined
          }
        />
      )}
    </Space>
  );
}

/** Add a key (domain, selector) or open one (its DNS record and the DNS check). */
export function DkimKeyEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const navigate = useNavigate();
  const key = useDkimKey(id);
  const create = useCreateDkimKey();

  const submit = (v: Values) =>
    create.mutate(
      { domain: v.domain, selector: v.selector, ...(isAdmin && v.user ? { user: v.user } : {}) },
      {
        onSuccess: (made) => {
          toast.success(M.added(made.domain));
          navigate(href('dkimKeyEdit', { id: made.id }));
        },
      },
    );

  return (
    <EditPage
      routeId={routeId}
      title={id ? `DKIM Key #${id}${key.data ? ` · ${key.data.domain}` : ''}` : 'Add DKIM Key'}
      back={{ label: 'Back to DKIM keys', to: href('dkimKeys') }}
      loading={Boolean(id) && !key.data}
    >
      {id && key.data ? (
        <KeyView k={key.data} />
      ) : (
        <Form<Values>
          layout="vertical"
          noValidate
          style={{ maxWidth: 720 }}
          initialValues={{ domain: '', selector: DEFAULT_DKIM_SELECTOR, user: session?.claims.id }}
          onFinish={submit}
        >
          <ValidationErrors error={create.error} labels={labels} />
          <Form.Item
            label={labels.domain}
            name="domain"
            rules={rule('domain')}
            extra="The part after @ of your SMTP relays' sender addresses, e.g. news.example.com."
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={labels.selector}
            name="selector"
            rules={rule('selector')}
            extra="Names the DNS record (<selector>._domainkey.<domain>)."
          >
            <Input autoComplete="off" />
          </Form.Item>
          {isAdmin && (
            <Form.Item label={labels.user} name="user">
              <OwnerSelect allowClear={false} aria-label="Owner" style={{ width: '100%' }} />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            Generate key
          </Button>
        </Form>
      )}
    </EditPage>
  );
}

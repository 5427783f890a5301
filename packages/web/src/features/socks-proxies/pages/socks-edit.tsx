import { useState } from 'react';
import { Button, Checkbox, Col, Form, Input, Row, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { UploadKinds } from '@console/shared/uploads';
import { SocksMessages as M, socksSchema } from '@console/shared/socks-proxies';
import { EditPage } from '@/components/edit-page.tsx';
import { FileUploadsCard } from '@/components/file-uploads.tsx';
import { toast } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { WholeNumberInput } from '@/components/whole-number-input.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useSession } from '@/lib/session.ts';
import { socksKey, useSaveSocks, useSocks } from '../api/socks-proxies.ts';
import { useQueryClient } from '@tanstack/react-query';

interface Values {
  ip: string;
  port?: number | string;
  login?: string;
  password?: string;
  active: boolean;
  user?: number;
}
const rule = (field: keyof Values) => [zodRule(socksSchema, field)];
const labels = { ip: 'IP', port: 'Port', login: 'Login', password: 'Password', active: 'Active', user: 'Owner' };

/** Add Socks (form and the upload card) and Edit Socks #id. */
export function SocksEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const navigate = useNavigate();
  const client = useQueryClient();
  const socks = useSocks(id);
  const save = useSaveSocks();
  const [uploadOwner, setUploadOwner] = useState<number | undefined>();

  const initial: Values = socks.data
    ? { ...socks.data, login: socks.data.login ?? '', password: '', user: socks.data.user.id }
    : { ip: '', port: undefined, login: '', password: '', active: true, user: session?.claims.id };
  const submit = ({ user, ...v }: Values) =>
    save.mutate(
      { id, body: { ...v, port: v.port ?? '', ...(isAdmin && user ? { user } : {}) } },
      {
        onSuccess: () => {
          toast.success(id ? 'Updated!' : M.added);
          navigate(href('socksProxies'));
        },
      },
    );

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit Socks #${id}` : 'Add Socks'}
      back={{ label: 'Back to Socks Proxies', to: href('socksProxies') }}
      loading={Boolean(id) && !socks.data}
    >
      <Row gutter={24}>
        <Col xs={24} xl={id ? 24 : 12}>
          <Form<Values>
            key={id ?? 'new'}
            layout="vertical"
            noValidate
            initialValues={initial}
            onFinish={submit}
            style={{ maxWidth: 640 }}
          >
            <ValidationErrors error={save.error} labels={labels} />
            {isAdmin && (
              <Form.Item label="Owner" name="user">
                <OwnerSelect allowClear={false} aria-label="Owner" style={{ width: '100%' }} />
              </Form.Item>
            )}
            <Row gutter={16}>
              <Col span={16}>
                <Form.Item label="IP" name="ip" rules={rule('ip')}>
                  <Input autoComplete="off" placeholder="203.0.113.7" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="Port" name="port" rules={rule('port')}>
                  <WholeNumberInput placeholder="1080" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="Login" name="login" rules={rule('login')}>
                  <Input autoComplete="off" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  label="Password"
                  name="password"
                  rules={rule('password')}
                  extra={socks.data?.hasPassword ? 'A password is set: leave blank to keep it.' : undefined}
                >
                  <Input.Password autoComplete="new-password" placeholder={socks.data?.hasPassword ? '••••••••' : ''} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="active" valuePropName="checked">
              <Checkbox>Active</Checkbox>
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save
            </Button>
          </Form>
        </Col>
        {!id && (
          <Col xs={24} xl={12}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {isAdmin && (
                <OwnerSelect
                  aria-label="Upload for"
                  placeholder="Upload for: me"
                  value={uploadOwner}
                  onChange={(v) => setUploadOwner(v ?? undefined)}
                  style={{ width: '100%' }}
                />
              )}
              <FileUploadsCard
                kind={UploadKinds.socks}
                title="Upload a list of socks"
                action="/add-socks-proxies"
                fileField="socksProxies"
                data={{ userId: uploadOwner }}
                fieldLabels={{ socksProxies: 'File', userId: 'Owner' }}
                doneText={(name, n) => `File ${name} is processed! Added ${n} socks.`}
                onFinished={() => void client.invalidateQueries({ queryKey: socksKey })}
                hint={
                  <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                    A CSV file with a header row, colon-separated:{' '}
                    <Typography.Text code>ip:port:login:password</Typography.Text>. Login and password may be left out.
                    Proxies already in the list are kept as they are; any bad line stops the whole file.
                  </Typography.Paragraph>
                }
              />
            </Space>
          </Col>
        )}
      </Row>
    </EditPage>
  );
}

import type { ReactNode } from 'react';
import { Checkbox, Col, Form, Input, Select } from 'antd';
import { PMTA_SERVER_DEFAULTS, pmtaServerSchema, type PmtaServerBody } from '@console/shared/pmta-servers';
import { SpeedHint } from '@/components/speed-hint.tsx';
import { WholeNumberInput } from '@/components/whole-number-input.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { ServerEditPage, useServerForm } from '../../components/server-edit-page.tsx';
import { usePmtaServer, useSavePmtaServer } from '../api/pmta-servers.ts';
import { PmtaServerOperations } from '../components/pmta-server-operations.tsx';
import { PmtaServerSsh } from '../components/pmta-server-ssh.tsx';
import { PmtaServerUploads } from '../components/pmta-server-uploads.tsx';

type Values = Omit<PmtaServerBody, 'user' | 'encryption'> & { user?: number; encryption: '' | 'ssl' | 'tls' };
const rule = (field: keyof Values) => [zodRule(pmtaServerSchema, field)];
const labels = {
  name: 'Server Name',
  serverIp: 'Server IP',
  pmtaHttpPort: 'PMTA HTTP Port',
  sshPort: 'SSH Port',
  smtpPort: 'SMTP Port',
  encryption: 'Encryption',
  serverUsername: 'Server Username',
  relayNormalSpeed: 'Relay Normal Speed',
  relayBackoffSpeed: 'Relay Backoff Speed',
  ipList: 'IP List',
  user: 'Owner',
};
const number = (name: keyof Values, extra?: ReactNode) => (
  <Col xs={12} md={6}>
    <Form.Item
      label={labels[name as keyof typeof labels]}
      name={name}
      rules={rule(name)}
      extra={extra}
      // Backoff is never faster than normal (issue 23): a new normal speed checks the backoff speed again.
      dependencies={name === 'relayBackoffSpeed' ? ['relayNormalSpeed'] : undefined}
    >
      <WholeNumberInput />
    </Form.Item>
  </Col>
);

/** Create PMTA Server (the form and the two upload cards) and Edit PMTA Server #id. */
export function PmtaServerEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const editor = useServerForm('pmta');
  const { isAdmin, userId, saved } = editor;
  const server = usePmtaServer(id);
  const save = useSavePmtaServer();

  // The SSH secrets are write-only: the form starts them blank (blank keeps the stored ones).
  const initial: Values = server.data
    ? {
        ...server.data,
        encryption: server.data.encryption ?? '',
        user: server.data.user.id,
        sshPassword: '',
        sshKey: '',
      }
    : { name: '', serverIp: '', ipList: '', encryption: '', ...PMTA_SERVER_DEFAULTS, user: userId };
  // An empty encryption is sent as null; an empty owner is left out (spec 2 §5).
  const submit = ({ user, encryption, ...v }: Values) =>
    save.mutate(
      { id, body: { ...v, encryption: encryption || null, ...(isAdmin && user ? { user } : {}) } },
      saved(id),
    );

  return (
    <ServerEditPage<Values>
      editor={editor}
      id={id}
      routeId={routeId}
      loading={Boolean(id) && !server.data}
      initialValues={initial}
      onFinish={submit}
      save={save}
      labels={labels}
      schema={pmtaServerSchema}
      fields={
        <>
          <Col xs={24} md={12}>
            <Form.Item label={labels.serverIp} name="serverIp" rules={rule('serverIp')}>
              <Input autoComplete="off" placeholder="203.0.113.10" />
            </Form.Item>
          </Col>
          {number('pmtaHttpPort')}
          {number('sshPort')}
          {number('smtpPort', 'Where campaigns inject mail.')}
          <Col xs={12} md={6}>
            <Form.Item label={labels.encryption} name="encryption" rules={rule('encryption')}>
              <Select
                aria-label="Encryption"
                options={[
                  { value: '', label: 'None' },
                  { value: 'ssl', label: 'SSL' },
                  { value: 'tls', label: 'TLS' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={labels.serverUsername} name="serverUsername" rules={rule('serverUsername')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          {number('relayNormalSpeed', <SpeedHint name="relayNormalSpeed" fallback="Seconds, for new relays." />)}
          {number('relayBackoffSpeed', 'In backoff mode.')}
          <Col xs={24} md={isAdmin ? 12 : 24}>
            <Form.Item
              label={labels.ipList}
              name="ipList"
              rules={rule('ipList')}
              extra="The addresses allowed to reach the PMTA HTTP interface (its http-access list), comma-separated."
            >
              <Input autoComplete="off" placeholder="127.0.0.1, 203.0.113.5" />
            </Form.Item>
          </Col>
        </>
      }
      after={
        <>
          <Form.Item name="isVps" valuePropName="checked">
            <Checkbox>VPS (its relays count as VPS relays; otherwise Net)</Checkbox>
          </Form.Item>
          <PmtaServerSsh server={server.data} />
        </>
      }
      buttons={id ? <PmtaServerOperations id={id} /> : null}
      side={!id && <PmtaServerUploads />}
    />
  );
}

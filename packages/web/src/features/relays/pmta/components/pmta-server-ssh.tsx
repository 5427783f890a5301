import { Button, Col, Form, Input, Row, Space, Typography } from 'antd';
import type { PmtaServer } from '@console/shared/pmta-servers';
import { confirm, toast } from '@/components/feedback.tsx';
import { useClearHostKey, useRotateSshKey, useSshPublicKey } from '../api/pmta-servers.ts';

const KEEP = 'Stored; leave blank to keep.';

/**
 * The SSH part of the PMTA server form (decisions 0901, 1010): your own public key to put into the host's
 * authorized_keys (every server of yours is reached with your key pair; nobody else's servers use it),
 * its rotation, the write-only password and private key, and the pinned host key with its reset.
 */
export function PmtaServerSsh({ server }: { server?: PmtaServer }) {
  const publicKey = useSshPublicKey();
  const clear = useClearHostKey();
  const rotate = useRotateSshKey();
  const servers = publicKey.data?.servers ?? [];

  const rotateKey = () =>
    confirm({
      title: 'Make a new SSH key?',
      content: (
        <>
          <Typography.Paragraph>
            The current key stops working for the console at once. Put the new public key into authorized_keys on{' '}
            {servers.length ? 'these servers' : 'your servers'}:
          </Typography.Paragraph>
          <ul data-testid="ssh-rotate-servers">
            {servers.map((s) => (
              <li key={s.id}>
                {s.name} ({s.serverIp})
              </li>
            ))}
          </ul>
        </>
      ),
      okText: 'Make a new key',
      danger: true,
      onOk: () => rotate.mutateAsync(undefined),
    }).then((ok) => ok && toast.success('A new SSH key was made: update authorized_keys on your servers.'));

  const clearPinned = (id: number) =>
    confirm({
      title: 'Clear pinned key?',
      content: 'The next connection trusts whatever host key the server shows. Do this only after a reinstall.',
      okText: 'Clear',
      danger: true,
      onOk: () => clear.mutateAsync(id),
    }).then((ok) => ok && toast.success('The pinned host key was cleared.'));

  return (
    <>
      <Form.Item
        label="Your SSH public key"
        extra="Add this line to ~/.ssh/authorized_keys of the server user on the PMTA host. It is yours: the console reaches every server of yours with it, and only yours."
      >
        <Typography.Paragraph
          code
          copyable={publicKey.data ? { text: publicKey.data.publicKey } : false}
          style={{ marginBottom: 8, wordBreak: 'break-all' }}
          data-testid="ssh-public-key"
        >
          {publicKey.data?.publicKey ?? (publicKey.isError ? 'unavailable' : '…')}
        </Typography.Paragraph>
        <Button size="small" onClick={() => void rotateKey()} loading={rotate.isPending} data-testid="ssh-rotate">
          New key…
        </Button>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label="SSH password"
            name="sshPassword"
            extra={server?.hasSshPassword ? KEEP : 'Optional: when the console key is not authorized.'}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="SSH private key"
            name="sshKey"
            extra={server?.hasSshKey ? KEEP : 'Optional: OpenSSH or PEM, without a passphrase.'}
          >
            <Input.TextArea rows={2} autoComplete="off" spellCheck={false} />
          </Form.Item>
        </Col>
      </Row>
      {server && (
        <Form.Item label="Pinned host key">
          <Space wrap>
            <Typography.Text code>{server.hostKey ?? 'none yet (pinned on the first connection)'}</Typography.Text>
            {server.hostKey && (
              <Button danger size="small" onClick={() => void clearPinned(server.id)} loading={clear.isPending}>
                Clear pinned key
              </Button>
            )}
          </Space>
        </Form.Item>
      )}
    </>
  );
}

import { Button, Col, Form, Input, Row, Space, Typography } from 'antd';
import type { PmtaServer } from '@console/shared/pmta-servers';
import { confirm, toast } from '@/components/feedback.tsx';
import { useClearHostKey, useSshPublicKey } from '../api/pmta-servers.ts';

const KEEP = 'Stored; leave blank to keep.';

/**
 * The SSH part of the PMTA server form (decision 0901): the console's public key to put into the host's
 * authorized_keys, the write-only password and private key, and the pinned host key with its reset.
 */
export function PmtaServerSsh({ server }: { server?: PmtaServer }) {
  const publicKey = useSshPublicKey();
  const clear = useClearHostKey();

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
        label="Console SSH public key"
        extra="Add this line to ~/.ssh/authorized_keys of the server user on the PMTA host."
      >
        <Typography.Paragraph
          code
          copyable={publicKey.data ? { text: publicKey.data.publicKey } : false}
          style={{ marginBottom: 0, wordBreak: 'break-all' }}
          data-testid="ssh-public-key"
        >
          {publicKey.data?.publicKey ?? (publicKey.isError ? 'unavailable' : '…')}
        </Typography.Paragraph>
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

// @ts-nocheck
import { useState } from 'react';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { toast } from '@/components/feedback.tsx';
import { errorLines } from '@/lib/http.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useSocksBulk, type SocksBulkAction } from '../api/socks-proxies.ts';

const ACTIONS: { action: SocksBulkAction; label: string; question: string; danger?: boolean }[] = [
  {
    action: 'reset-activity',
    label: 'Restore Socks Activity',
    question: 'Mark every inactive socks proxy active again?',
  },
  {
    action: 'delete-inactive',
    label: 'Remove Inactive Socks',
    question: 'Remove every inactive socks proxy?',
    danger: true,
  },
  { action: 'delete-all', label: 'Remove All Socks', question: 'Remove every socks proxy?', danger: true },
];

/**
 * The socks list's three bulk buttons. Each asks first; administrators also pick whose socks, by default
 * 'Just for my socks' (their own).
 */
export function SocksBulkButtons() {
  const isAdmin = useIsAdmin();
  const bulk = useSocksBulk();
  const [open, setOpen] = useState<(typeof ACTIONS)[number] | null>(null);
  const [owner, setOwner] = useState<number | undefined>();
  const close = () => {
    setOpen(null);
    setOwner(undefined);
    bulk.reset();
  };
  const run = () =>
    open &&
    bulk.mutate(
      { action: open.action, userId: owner },
      {
        onSuccess: (r) => {
          toast.success(`${r.message} (${r.count})`);
          close();
        },
      },
    );

  return (
    <>
      {ACTIONS.map((a) => (
        <Button key={a.action} danger={a.danger} onClick={() => setOpen(a)}>
          {a.label}
        </Button>
      ))}
      <Modal
        open={open !== null}
        title={open?.label}
        okText="Confirm"
        okButtonProps={{ danger: open?.danger, loading: bulk.isPending }}
        onOk={run}
        onCancel={close}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>{open?.question}</Typography.Text>
          {isAdmin && (
            <OwnerSelect
              aria-label="Socks of"
              placeholder="Just for my socks"
              value={owner}
              onChange={(v) => setOwner(v ?? undefined)}
              style={{ width: '100%' }}
            />
          )}
          {bulk.error && <Alert type="error" showIcon title={`Error: ${errorLines(bulk.error)[0] ?? ''}`} />}
        </Space>
      </Modal>
    </>
  );
}

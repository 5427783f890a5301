import type { ReactNode } from 'react';
import { App, Button, Card, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { confirm, operationError, toast } from '@/components/feedback.tsx';
import { pmtaRelaysKey, relayOperation } from '../api/pmta-relays.ts';

interface Operation {
  label: string;
  question: string;
  /** Runs the call; a text to show in a dialog, or nothing (a command-accepted notice). */
  run: (id: number) => Promise<{ title: string; text: ReactNode } | void>;
  danger?: boolean;
}

const dkimRecord = (title: string) => (r: { dkim: string }) => ({
  title,
  text: (
    <>
      <Typography.Paragraph>Publish this TXT record in the domain&apos;s DNS zone:</Typography.Paragraph>
      <Typography.Paragraph code copyable style={{ wordBreak: 'break-all' }} data-testid="dkim-record">
        {r.dkim}
      </Typography.Paragraph>
    </>
  ),
});

const DKIM: Operation[] = [
  {
    label: 'Get DKIM',
    question: 'Get the DKIM record of this relay?',
    run: (id) => relayOperation.getDkim(id).then(dkimRecord('DKIM record')),
  },
  {
    label: 'Generate DKIM',
    question: 'Generate a new DKIM key? It replaces the current one on the server; publish the new record.',
    run: (id) => relayOperation.genDkim(id).then(dkimRecord('New DKIM record')),
  },
  {
    label: 'Delete DKIM',
    question: 'Delete the DKIM key of this relay from the server? Its mail is no longer signed.',
    run: (id) => relayOperation.delDkim(id).then(() => undefined),
    danger: true,
  },
];

const VMTA: Operation[] = [
  {
    label: 'Check VMTA config date',
    question: 'Ask the server when the configuration holding this relay’s VMTA was uploaded?',
    run: (id) =>
      relayOperation
        .vmtaConfigDate(id)
        .then((r) => ({ title: 'VMTA config date', text: new Date(r.date).toLocaleString() })),
  },
  {
    label: 'Upload VMTA config',
    question: 'Upload this relay’s VMTA to the server (the whole configuration is uploaded and reloaded)?',
    run: (id) => relayOperation.uploadVmta(id).then(() => undefined),
  },
  {
    label: 'Delete VMTA config',
    question: 'Delete this relay’s VMTA from the server’s configuration? It can no longer send through PMTA.',
    run: (id) => relayOperation.deleteVmta(id).then(() => undefined),
    danger: true,
  },
];

/**
 * The DKIM and VMTA buttons of a PMTA relay (spec 2): each asks for confirmation, waits on the OK button,
 * shows 'Error: ...' inside the dialog in the error style, and a read's text in a dialog of its own.
 */
export function RelayOperations({ relayId }: { relayId: number }) {
  const { modal } = App.useApp();
  const client = useQueryClient();
  const ask = (op: Operation) =>
    confirm({
      title: op.label,
      content: op.question,
      okText: 'Yes',
      danger: op.danger,
      errorMessage: operationError,
      onOk: async () => {
        const shown = await op.run(relayId);
        void client.invalidateQueries({ queryKey: pmtaRelaysKey });
        if (shown) modal.info({ title: shown.title, content: shown.text, width: 640, icon: null });
        else toast.success('Command accepted.');
      },
    });
  const row = (ops: Operation[]) => (
    <Space wrap>
      {ops.map((op) => (
        <Button key={op.label} danger={op.danger} onClick={() => void ask(op)}>
          {op.label}
        </Button>
      ))}
    </Space>
  );
  return (
    <Card title="PMTA server" size="small" style={{ marginBottom: 16 }}>
      <Space direction="vertical">
        <Typography.Text type="secondary">DKIM</Typography.Text>
        {row(DKIM)}
        <Typography.Text type="secondary">VMTA config</Typography.Text>
        {row(VMTA)}
      </Space>
    </Card>
  );
}

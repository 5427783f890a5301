// @ts-nocheck
import { useState } from 'react';
import { App, Button, Flex, InputNumber, Popover, Space, Tooltip, Typography, theme } from 'antd';
import { EditOutlined, StopOutlined } from '@ant-design/icons';
import type { EasyAnswer } from '@console/shared/pmta-speeds';
import type { MailServiceReportRow } from '@console/shared/pmta-relays-mail-service-report';
import { toast } from '@/components/feedback.tsx';
import { reportErrorDialog } from '@/components/reports/report-error.ts';
import { clearSpeed, editSpeed } from '../api/pmta-relays-mail-service-report.ts';

const DOT = {
  display: 'inline-block',
  width: 10,
  height: 10,
  borderRadius: '50%',
  flex: 'none',
  marginInlineEnd: 4,
} as const;

/**
 * Speed of the relay for the report's mail service: a green dot when the speed is good (decision 0908),
 * yellow otherwise; the pencil sets it on the server (easy_edit), the ban icon clears it (easy_delete).
 * An answer with success false opens the 'Error' dialog with the server's message (spec 3 §8).
 */
export function SpeedCell(props: { row: MailServiceReportRow; providerId: number; onChanged: () => Promise<unknown> }) {
  const { row, providerId, onChanged } = props;
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<number | null>(row.speed);
  const [busy, setBusy] = useState<'edit' | 'clear'>();

  async function run(kind: 'edit' | 'clear', call: () => Promise<EasyAnswer>) {
    setBusy(kind);
    try {
      const answer = await call();
      if (!answer.success) modal.error({ title: 'Error', content: answer.msg });
      else {
        setOpen(false);
        toast.success(answer.msg);
      }
      await onChanged();
    } catch (e) {
      reportErrorDialog(e);
    } finally {
      setBusy(undefined);
    }
  }

  const good = row.speedIsGood;
  const label = row.speed === null ? 'No speed' : good ? 'Good speed' : 'Speed not synchronised';
  const form = (
    <Space.Compact>
      <InputNumber<number>
        aria-label={`Speed of ${row.smtpHost}`}
        min={0}
        precision={0}
        placeholder="per hour"
        value={value}
        onChange={setValue}
        onPressEnter={() => void run('edit', () => editSpeed(row.id, providerId, value ?? 0))}
        style={{ width: 120 }}
        autoFocus
      />
      <Button
        type="primary"
        loading={busy === 'edit'}
        onClick={() => void run('edit', () => editSpeed(row.id, providerId, value ?? 0))}
      >
        Save
      </Button>
    </Space.Compact>
  );
  return (
    <Flex gap={2} align="center" wrap={false}>
      {row.speed !== null && (
        <span
          role="img"
          aria-label={label}
          title={label}
          data-good={good}
          style={{ ...DOT, background: good ? token.colorSuccess : token.yellow6 }}
        />
      )}
      <Typography.Text type={row.speed === null ? 'secondary' : undefined}>
        {row.speed === null ? '—' : row.speed === 0 ? 'Read' : `${row.speed}/h`}
      </Typography.Text>
      <Popover
        trigger="click"
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (o) setValue(row.speed);
        }}
        title="Speed (messages per hour, 0: read mode)"
        content={form}
        destroyOnHidden
      >
        <Button
          size="small"
          type="text"
          icon={<EditOutlined />}
          title="Edit speed"
          aria-label={`Edit speed of ${row.smtpHost}`}
        />
      </Popover>
      {row.speed !== null && (
        <Tooltip title="Clear speed">
          <Button
            size="small"
            type="text"
            danger
            icon={<StopOutlined />}
            loading={busy === 'clear'}
            aria-label={`Clear speed of ${row.smtpHost}`}
            onClick={() => void run('clear', () => clearSpeed(row.id, providerId))}
          />
        </Tooltip>
      )}
    </Flex>
  );
}

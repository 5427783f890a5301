// @ts-nocheck
import { Tag, Typography, theme } from 'antd';
import type { PmtaSpeed } from '@console/shared/pmta-speeds';

/*
 * How a speed reads on screen (decision 0908): values are messages per hour; a local 0 is read mode; a
 * remote null after a reading is PMTA's `unlimited`, and 0 there means the server delivers nothing.
 */

const DOT = { display: 'inline-block', width: 10, height: 10, borderRadius: '50%' } as const;

/** The spec's dot: green when the local time is before the remote time, yellow otherwise. */
export function SyncDot({ speed }: { speed: PmtaSpeed }) {
  const { token } = theme.useToken();
  const label = speed.synced ? 'Synchronised' : 'Not synchronised';
  return (
    <span
      title={label}
      aria-label={label}
      role="img"
      data-synced={speed.synced}
      style={{ ...DOT, background: speed.synced ? token.colorSuccess : token.yellow6 }}
    />
  );
}

export function LocalValue({ value }: { value: number }) {
  return value === 0 ? <Tag>Read mode</Tag> : <Typography.Text strong>{value}/h</Typography.Text>;
}

export function RemoteValue({ speed }: { speed: Pick<PmtaSpeed, 'remoteValue' | 'remoteTime'> }) {
  if (speed.remoteTime === null) return <Typography.Text type="secondary">—</Typography.Text>;
  if (speed.remoteValue === null) return <>unlimited</>;
  if (speed.remoteValue === 0) return <Typography.Text type="danger">0 (no delivery)</Typography.Text>;
  return <>{speed.remoteValue}/h</>;
}

/** A time in UTC, to the second: `2026-11-24 10:30:05` (the columns say UTC). */
export const utc = (iso: string | null) => (iso ? iso.slice(0, 19).replace('T', ' ') : '—');

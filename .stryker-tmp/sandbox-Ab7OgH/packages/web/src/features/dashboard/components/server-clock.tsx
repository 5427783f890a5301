// @ts-nocheck
import { useEffect, useState } from 'react';
import { Tooltip, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useServerDateTime } from '../api/dashboard.ts';

const PLACEHOLDER = '---------- --:--';

/** '2025-11-21T15:33:07+02' or '+05:30' -> the instant and the offset in minutes. */
export function parseServerTime(iso: string): { epochMs: number; offsetMin: number } | null {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.\d+)?(Z|([+-])(\d\d):?(\d\d)?)$/.exec(iso);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, z, sign, oh, om] = m;
  const offsetMin = z === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om ?? 0));
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return { epochMs: wall - offsetMin * 60_000, offsetMin };
}

/** The server's wall-clock time as 'YYYY-MM-DD HH:mm' in the server's own offset. */
export function formatServerTime(epochMs: number, offsetMin: number): string {
  return new Date(epochMs + offsetMin * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

const offsetLabel = (min: number) => {
  const a = Math.abs(min);
  return `UTC${min < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
};

/** The header clock: the server's time, ticking locally every second from the last sync. */
export function ServerClock() {
  const { data, isError } = useServerDateTime();
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const t = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(t);
  }, []);

  const parsed = data && !isError ? parseServerTime(data.serverDateTime) : null;
  const text = parsed
    ? formatServerTime(parsed.epochMs + Math.max(0, now - data!.receivedAt), parsed.offsetMin)
    : PLACEHOLDER;
  return (
    <Tooltip title={parsed ? `Server time (${offsetLabel(parsed.offsetMin)})` : 'Server time unavailable'}>
      <Typography.Text data-testid="server-time" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        <ClockCircleOutlined /> {text}
      </Typography.Text>
    </Tooltip>
  );
}

// @ts-nocheck
import { Tag } from 'antd';
import type { DkimDnsStatus } from '@console/shared/dkim-keys';

const LOOK: Record<DkimDnsStatus, { color: string; label: string }> = {
  match: { color: 'success', label: 'DNS matches' },
  mismatch: { color: 'error', label: 'Another key in DNS' },
  missing: { color: 'warning', label: 'Not in DNS' },
  error: { color: 'default', label: 'DNS lookup failed' },
};

/** The last "check DNS" answer of a key; "Not checked" before the first. */
export function DnsStatusTag({ status }: { status: DkimDnsStatus | null }) {
  if (!status) return <Tag>Not checked</Tag>;
  return <Tag color={LOOK[status].color}>{LOOK[status].label}</Tag>;
}

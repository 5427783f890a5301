// @ts-nocheck
import { Tag } from 'antd';
import { PmtaEmailTestStatus as S } from '@console/shared/pmta-email-tests';

const COLORS: Record<number, string> = {
  [S.queued]: 'processing',
  [S.delivered]: 'success',
  [S.bounced]: 'error',
  [S.deferred]: 'warning',
  [S.failed]: 'error',
};

/** The status's label from GET pmta-email-test/statuses (its number until they have loaded). */
export function StatusTag({ status, labels }: { status: number; labels: string[] | undefined }) {
  return (
    <Tag color={COLORS[status]} data-testid="email-test-status" style={{ marginInlineEnd: 0 }}>
      {labels?.[status] ?? String(status)}
    </Tag>
  );
}

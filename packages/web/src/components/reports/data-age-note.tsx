import { Typography } from 'antd';
import { dataAgeOf } from './use-report.ts';

/**
 * "Data as of N s ago": shown under a report read from the read replica (decision 1411), which may lag
 * the primary; nothing when the report came from the primary.
 */
export function DataAgeNote({ data }: { data: unknown }) {
  const age = dataAgeOf(data);
  if (age === undefined) return null;
  return (
    <Typography.Text type="secondary" className="report-data-age" data-testid="report-data-age">
      Data as of {age} s ago (read replica).
    </Typography.Text>
  );
}

// @ts-nocheck
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { defaultReportRange } from '@console/shared/reports';
import { dayjs } from '@/lib/dayjs.ts';

/** A report's date range as the calls send it (YYYY-MM-DD, UTC, both inclusive). */
export interface ReportRange {
  fromDate: string;
  toDate: string;
}

/** The default range: the last 7 days up to today (UTC). */
export const defaultRange = (): ReportRange => defaultReportRange();

const FORMAT = 'YYYY-MM-DD';
const PRESETS: { label: string; value: () => [Dayjs, Dayjs] }[] = [
  { label: 'Today', value: () => [dayjs.utc().startOf('day'), dayjs.utc().startOf('day')] },
  { label: 'Last 7 days', value: () => [dayjs.utc().subtract(6, 'day'), dayjs.utc()] },
  { label: 'This week', value: () => [dayjs.utc().startOf('week'), dayjs.utc()] },
  { label: 'Last 30 days', value: () => [dayjs.utc().subtract(29, 'day'), dayjs.utc()] },
  { label: 'This month', value: () => [dayjs.utc().startOf('month'), dayjs.utc()] },
  {
    label: 'Last month',
    value: () => [dayjs.utc().subtract(1, 'month').startOf('month'), dayjs.utc().subtract(1, 'month').endOf('month')],
  },
];

/**
 * The Date Range filter of the reports: a range picker (weeks start on Monday, lib/dayjs.ts) with the
 * usual presets; never empty, so a report always has both dates.
 */
export function ReportRangePicker({ value, onChange }: { value: ReportRange; onChange: (r: ReportRange) => void }) {
  return (
    <DatePicker.RangePicker
      aria-label="Date Range"
      allowClear={false}
      format={FORMAT}
      value={[dayjs(value.fromDate, FORMAT), dayjs(value.toDate, FORMAT)]}
      presets={PRESETS.map((p) => ({ label: p.label, value: p.value() }))}
      onChange={(dates) => {
        if (dates?.[0] && dates[1]) onChange({ fromDate: dates[0].format(FORMAT), toDate: dates[1].format(FORMAT) });
      }}
    />
  );
}

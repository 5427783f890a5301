// @ts-nocheck
import { PROFIT_PER_DAY_DECIMALS } from '@console/shared/pmta-relay-indicators';
import type { XlsxColumn } from '../../core/xlsx.ts';
import type { IndicatorExportRow } from './pmta-relay-indicators.repo.ts';

const RATING = ['', 'Neutral', 'Good', 'Poor'];
const money = (cents: string | number) => Number(cents) / 100;

/** The export's columns: the screen's titles, then the relay's status and activity (the highlight's reasons). */
export const indicatorExportColumns: XlsxColumn<IndicatorExportRow>[] = [
  { header: 'ID', value: (r) => r.relay_id, width: 8 },
  { header: 'SMTP Host', value: (r) => r.smtp_host, width: 32 },
  { header: 'IP', value: (r) => r.ip, width: 16 },
  { header: 'Group', value: (r) => r.group_name, width: 20 },
  { header: 'Type', value: (r) => (r.is_vps ? 'VPS' : 'Net'), width: 8 },
  { header: 'Mail Service', value: (r) => r.provider_name ?? 'All services', width: 18 },
  { header: 'Age', value: (r) => r.age, numFmt: '0', width: 8 },
  { header: 'Delivered / day', value: (r) => r.delivered_per_day, numFmt: '0.00' },
  { header: 'Bounced / day', value: (r) => r.bounced_per_day, numFmt: '0.00' },
  { header: 'Conv / day', value: (r) => r.conversion_per_day, numFmt: '0.00' },
  { header: 'Profit 90', value: (r) => money(r.profit90), numFmt: '0.00' },
  { header: 'Profit 60', value: (r) => money(r.profit60), numFmt: '0.00' },
  { header: 'Profit 30', value: (r) => money(r.profit30), numFmt: '0.00' },
  { header: 'Conv 90', value: (r) => r.conv90, numFmt: '0' },
  { header: 'Conv 60', value: (r) => r.conv60, numFmt: '0' },
  { header: 'Conv 30', value: (r) => r.conv30, numFmt: '0' },
  { header: 'Profit / day', value: (r) => r.profit_per_day, numFmt: `0.${'0'.repeat(PROFIT_PER_DAY_DECIMALS)}` },
  { header: 'Status', value: (r) => RATING[r.status] ?? String(r.status), width: 10 },
  { header: 'Active', value: (r) => (r.active ? 'Yes' : 'No'), width: 8 },
  { header: 'Generated', value: (r) => r.computed_at, numFmt: 'yyyy-mm-dd hh:mm', width: 18 },
];

import { Select, type SelectProps } from 'antd';
import type { REPORT_CAMPAIGN_TYPES } from '@console/shared/reports';

export type ReportCampaignType = (typeof REPORT_CAMPAIGN_TYPES)[number];

const OPTIONS: { value: ReportCampaignType | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'smtp', label: 'SMTP' },
  { value: 'pmta', label: 'PMTA' },
];

/** The reports' Campaign type filter: All, SMTP, PMTA ('' = all, as the calls take it). */
export function CampaignTypeSelect(props: SelectProps<ReportCampaignType | ''>) {
  return (
    <Select<ReportCampaignType | ''>
      aria-label="Campaign type"
      options={OPTIONS}
      prefix="Campaign type:"
      style={{ minWidth: 190 }}
      {...props}
    />
  );
}

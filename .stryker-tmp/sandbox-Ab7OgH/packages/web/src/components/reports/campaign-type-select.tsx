// @ts-nocheck
import { Select, type SelectProps } from 'antd';
import { CampaignType, CampaignTypeLabels, type CampaignTypeValue } from '@console/shared/enums';

export type ReportCampaignType = CampaignTypeValue;

/** The spec's numbers (1 PMTA, 2 SMTP) as the report calls take them. */
const OPTIONS: { value: ReportCampaignType | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: CampaignType.SMTP, label: CampaignTypeLabels[CampaignType.SMTP] },
  { value: CampaignType.PMTA, label: CampaignTypeLabels[CampaignType.PMTA] },
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

import { CampaignStatus } from '@console/shared/enums';

/** Campaign dates as the spec shows them: D/M/YYYY H:mm, in UTC. */
export function campaignDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()}/${d.getUTCMonth() + 1}/${d.getUTCFullYear()} ${d.getUTCHours()}:${mm}`;
}

/** Profit is kept in cents and shown divided by 100. */
export const money = (cents: number) => (cents / 100).toFixed(2);

/** A share in percent with one decimal. */
export const percent = (part: number, whole: number) => (whole > 0 ? ((part / whole) * 100).toFixed(1) : '0.0');

/** Which actions a campaign's status offers (spec 3 §4). */
export const can = {
  edit: (status: number) => status === CampaignStatus.Inactive,
  start: (status: number) => status === CampaignStatus.Inactive || status === CampaignStatus.Paused,
  pause: (status: number) => status === CampaignStatus.Active || status === CampaignStatus.Preparing,
  stop: (status: number) => status !== CampaignStatus.Finished,
};

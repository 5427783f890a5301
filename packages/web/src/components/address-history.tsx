import { Descriptions } from 'antd';
import type { AddressHistory as History } from '@console/shared/address-history';
import { dayjs } from '@/lib/dayjs.ts';

const at = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/**
 * What happened to an address (decisions 1441, 1480): soft bounces now, Bounced Emails, complaints, the last
 * delivery. The Email ID Decoder shows an administrator's (everything); an e-mail row shows its user's own.
 * `complaints` counts owners for an administrator, and is the user's own complaint (0 or 1) for anyone else.
 */
export function AddressHistory({ history: h, mine }: { history: History; mine?: boolean }) {
  const soft = h.softBounces;
  const complaint = h.lastComplaint ? ` (last ${at(h.lastComplaint.at)}, ${h.lastComplaint.source})` : '';
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      style={{ marginTop: 16 }}
      title="Address history"
      aria-label="Address history"
      items={[
        {
          key: 'soft',
          label: 'Soft bounces',
          children: `${soft.count} of ${soft.limit} within ${soft.days} days${
            soft.last ? ` (last ${at(soft.last.at)}, ${soft.last.reason}: ${soft.last.diagnostic ?? ''})` : ''
          }`,
        },
        {
          key: 'bounced',
          label: 'Bounced Emails',
          children: h.bounced
            ? `Since ${at(h.bounced.at)}: ${h.bounced.reason}${h.bounced.diagnostic ? ` (${h.bounced.diagnostic})` : ''}`
            : 'Not bounced',
        },
        {
          key: 'complaints',
          label: 'Complaints',
          children: mine
            ? h.complaints
              ? `Complained${complaint}`
              : 'No complaint'
            : `About ${h.complaints} owner(s)${complaint}`,
        },
        {
          key: 'delivery',
          label: 'Last delivery',
          children: h.lastDelivery
            ? `${at(h.lastDelivery.at)}, campaign #${h.lastDelivery.campaign.id} ${h.lastDelivery.campaign.name}`
            : 'None',
        },
      ]}
    />
  );
}

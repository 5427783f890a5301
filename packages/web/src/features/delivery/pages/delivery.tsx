import { Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Topics } from '@console/shared/hub';
import { Page } from '@/components/page.tsx';
import { useLiveEvent } from '@/lib/live.ts';
import { pmtaDeliveryKey, smtpDeliveryKey } from '../api/delivery.ts';
import { PmtaView } from '../components/pmta-view.tsx';
import { SmtpView } from '../components/smtp-view.tsx';

/**
 * Delivery (issue 40 §1, decision 1400): how each mail service takes the mail right now, per PMTA server
 * queue and per SMTP relay. A live change refetches what it concerns; nothing reloads.
 */
export function DeliveryPage() {
  const client = useQueryClient();
  useLiveEvent(Topics.delivery, (e) => {
    void client.invalidateQueries({ queryKey: e.kind === 'pmta' ? pmtaDeliveryKey : smtpDeliveryKey });
  });
  return (
    <Page title="Delivery">
      <Tabs
        items={[
          { key: 'pmta', label: 'PMTA servers', children: <PmtaView /> },
          { key: 'smtp', label: 'SMTP relays', children: <SmtpView /> },
        ]}
      />
    </Page>
  );
}

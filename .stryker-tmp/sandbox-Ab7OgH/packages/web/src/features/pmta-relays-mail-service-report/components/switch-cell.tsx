// @ts-nocheck
import { useState } from 'react';
import { Switch } from 'antd';
import type { MailServiceReportRow } from '@console/shared/pmta-relays-mail-service-report';
import { reportErrorDialog } from '@/components/reports/report-error.ts';
import { switchRelay } from '../api/pmta-relays-mail-service-report.ts';

/**
 * On/Off of the relay for the report's mail service: it flips only once the server confirmed (the relay's
 * PMTA server reloaded the config with the switch) and the report was read again (spec 3 §4).
 */
export function SwitchCell(props: { row: MailServiceReportRow; provider: string; onChanged: () => Promise<unknown> }) {
  const { row, provider, onChanged } = props;
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      size="small"
      checked={!row.switchOff}
      checkedChildren="On"
      unCheckedChildren="Off"
      loading={busy}
      aria-label={`${row.smtpHost} on for ${provider}`}
      onChange={async (on) => {
        setBusy(true);
        try {
          await switchRelay(row.id, provider, !on);
          await onChanged();
        } catch (e) {
          reportErrorDialog(e);
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

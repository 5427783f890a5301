// @ts-nocheck
import type { ReactNode } from 'react';
import { Typography } from 'antd';
import {
  TROUBLE_NAMES,
  TroubleLabels,
  TroubleReportMessages as M,
  type TroubleRecheckResponse,
} from '@console/shared/pmta-trouble-report';

/** The Recheck popup: 'Existing PMTA troubles' with each trouble and why, and the checks that could not run; or 'No trouble'. */
export function recheckDialog({ recheckedData: e, troubles }: TroubleRecheckResponse): {
  title: string;
  content: ReactNode;
} {
  const server = `#${e.pmtaServerId} ${e.pmtaServerName} (${e.pmtaServerIp})`;
  if (!troubles.length) return { title: M.noTrouble, content: `${server}: every check passed.` };
  const active = TROUBLE_NAMES.filter((n) => e.troubles[n] === true);
  const skipped = TROUBLE_NAMES.filter((n) => e.troubles[n] === undefined);
  return {
    title: M.troublesTitle,
    content: (
      <>
        <Typography.Paragraph>{server}</Typography.Paragraph>
        <ul className="trouble-list" style={{ paddingInlineStart: 20, marginBottom: 8 }}>
          {active.map((n) => (
            <li key={n}>
              <Typography.Text strong>{TroubleLabels[n]}</Typography.Text>: {e.details[n]}
            </li>
          ))}
        </ul>
        {skipped.length > 0 && (
          <>
            <Typography.Text type="secondary">Not checked:</Typography.Text>
            <ul className="not-checked-list" style={{ paddingInlineStart: 20, margin: 0 }}>
              {skipped.map((n) => (
                <li key={n}>
                  <Typography.Text type="secondary">
                    {TroubleLabels[n]}: {(e.details[n] ?? '').replace(/^Not checked: /, '')}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          </>
        )}
      </>
    ),
  };
}

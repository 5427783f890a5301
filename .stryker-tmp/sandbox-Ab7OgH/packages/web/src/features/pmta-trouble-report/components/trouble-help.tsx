// @ts-nocheck
import type { ReactNode } from 'react';
import { Collapse, Typography } from 'antd';
import {
  BACKOFF_QUEUE_RECIPIENTS,
  CAMPAIGN_STALL_MINUTES,
  HTTP_CHECK_TIMEOUT_MS,
  QUEUED_RECIPIENTS_MAX,
  RELAY_LINK_PORT,
  SSH_CHECK_TIMEOUT_MS,
  TRACKER_CHECK_TIMEOUT_MS,
  TROUBLE_NAMES,
  TROUBLE_REFRESH_MINUTES,
  TroubleLabels,
  type TroubleName,
} from '@console/shared/pmta-trouble-report';

const n = (v: number) => v.toLocaleString('en-US');

/** What each check looks at and when it is a trouble (decision 0906); the numbers come from the shared constants. */
const CHECKS: Record<TroubleName, ReactNode> = {
  online: `The console logs in over SSH (the server's SSH port and username) and runs a command within ${SSH_CHECK_TIMEOUT_MS / 1000} s.`,
  service: (
    <>
      <Typography.Text code>systemctl is-active pmta</Typography.Text> must answer active. Not checked while SSH is
      down.
    </>
  ),
  http: `GET /status on the PMTA HTTP port must answer PowerMTA's XML within ${HTTP_CHECK_TIMEOUT_MS / 1000} s. Not checked while the PMTA service is stopped.`,
  campaigns: `A PMTA campaign of the server's owner that sends through a relay group with relays on this server is a trouble when the sending engine paused it (for example no eligible relay left), or when it is active and nothing was sent, delivered, bounced or deferred for ${CAMPAIGN_STALL_MINUTES} minutes.`,
  config:
    "/etc/pmta/config on the server must be exactly the config the console generates now. Missing or different: upload the config from the server's edit page. Not checked while SSH is down.",
  queues: `From /queues on the HTTP port: more than ${n(QUEUED_RECIPIENTS_MAX)} recipients queued on the server, or a queue in backoff mode holding ${n(BACKOFF_QUEUE_RECIPIENTS)} recipients or more. Paused queues (mail services switched off) do not count. Not checked while the HTTP interface does not answer.`,
  tracker: `A PMTA campaign's links point at the sending relay's host name on port ${RELAY_LINK_PORT}. For each host name of the server's active relays, http://host:${RELAY_LINK_PORT}/t/ping must answer as this console's tracker within ${TRACKER_CHECK_TIMEOUT_MS / 1000} s (run the tracker there, or a proxy to it: see the README). Not checked where the console cannot reach the host (its name does not resolve, or no answer).`,
};

/** The Help panel of the PMTA Trouble Report, folded by default. */
export function TroubleHelp() {
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'help',
          label: 'Help',
          children: (
            <>
              <Typography.Paragraph>
                Each server is checked every {TROUBLE_REFRESH_MINUTES} minutes; Get shows the last results and Recheck
                checks one server now. A smiley means no trouble, a sad face a trouble, a grey question mark a check
                that did not run (another check failed first, or the server was not checked yet). Point at an icon for
                the details.
              </Typography.Paragraph>
              <dl className="trouble-help" style={{ margin: 0 }}>
                {TROUBLE_NAMES.map((name) => (
                  <div key={name} style={{ marginBottom: 8 }}>
                    <dt>
                      <Typography.Text strong>{TroubleLabels[name]}</Typography.Text>
                    </dt>
                    <dd style={{ marginInlineStart: 16 }}>{CHECKS[name]}</dd>
                  </div>
                ))}
              </dl>
            </>
          ),
        },
      ]}
    />
  );
}

// @ts-nocheck
import { smtpTransport, type SmtpRelayConfig } from './smtp.ts';
import type { OutgoingMessage, Transport } from './transport.ts';

/*
 * Injection into a PowerMTA server (../shared/PMTA.md; issue 13; decision 0910): SMTP to the server's
 * smtpPort, no login (its <source> for the console's hosts allows relaying and honours X-Virtual-MTA and
 * X-Job), with the tracking id as the envelope's ENVID so the accounting records name the recipient.
 * Connections per server are pooled by the SMTP transport; every message is tried once.
 */

export interface PmtaServerAddress {
  serverIp: string;
  smtpPort: number;
}

/** The X-Job of a campaign's messages: `pmta show jobs` and `pmta delete --jobId` name it. */
export const campaignJobId = (campaignId: number) => `campaign-${campaignId}`;

export function pmtaTransport(
  server: PmtaServerAddress,
  o: Pick<SmtpRelayConfig, 'maxConnections' | 'connectTimeoutMs' | 'connect'>,
): Transport {
  return smtpTransport({ host: server.serverIp, port: server.smtpPort, tls: false, account: '', password: '', ...o });
}

/** The message as injected: through `vmta`, in job `jobId`, with `envId` in the envelope. */
export function injected(m: OutgoingMessage, o: { vmta: string; jobId: string; envId: string }): OutgoingMessage {
  return { ...m, envId: o.envId, headers: { ...m.headers, 'X-Virtual-MTA': o.vmta, 'X-Job': o.jobId } };
}

// @ts-nocheck
import type { AppContext } from '../../core/context.ts';
import { vmtaName } from '../../core/pmta-names.ts';
import { PmtaSshError, pmtaConnections, type PmtaTarget } from '../../pmta/ssh/connection.ts';
import type { SyncRow } from './pmta-speeds.repo.ts';

/*
 * Reading a speed from its server (decision 0908): `pmta show settings <domain>/vmta-<relayId>` for the
 * mail service's first domain gives the rate PMTA applies to that relay for that service, whatever set it
 * (a write-mode speed, the relay's own speed, a mail service setting, a switch).
 */

const SECONDS: Record<string, number> = { s: 1, sec: 1, m: 60, min: 60, h: 3600, hr: 3600, d: 86_400 };
const MAX_PER_HOUR = 2_147_483_647;

/**
 * A PMTA rate as messages per hour: `unlimited` is null, `0` is 0, `N/[M]unit` is N per M units, rounded
 * (at least 1 when it lets anything through). Undefined: not a rate.
 */
export function perHour(rate: string): number | null | undefined {
  if (rate === 'unlimited') return null;
  if (rate === '0') return 0;
  const m = /^(\d+)\/(\d*)(s|sec|m|min|h|hr|d)$/.exec(rate);
  if (!m) return undefined;
  const per = (Number(m[2] || 1) || 1) * SECONDS[m[3]!]!;
  const value = (Number(m[1]) * 3600) / per;
  return value > 0 ? Math.min(MAX_PER_HOUR, Math.max(1, Math.round(value))) : 0;
}

/** A failure to read one speed; `host` is true when the server itself could not be reached. */
export class ReadError extends Error {
  readonly host: boolean;

  constructor(message: string, host = false) {
    super(message);
    this.host = host;
  }
}

/** Domains PMTA's command line takes as one word, without quoting. */
const DOMAIN = /^[a-z0-9*](?:[a-z0-9.-]*[a-z0-9])?$/i;

/** The rate PMTA applies now to the speed's relay and mail service, in messages per hour (null: unlimited). */
export async function readRemote(ctx: AppContext, server: PmtaTarget, row: SyncRow): Promise<number | null> {
  if (!row.domain) throw new ReadError(`Error: the mail service ${row.provider} has no domain to read the rate of.`);
  if (!DOMAIN.test(row.domain)) throw new ReadError(`Error: the domain ${JSON.stringify(row.domain)} cannot be read.`);
  const queue = `${row.domain}/${vmtaName({ id: row.relayId })}`;
  let out;
  try {
    out = await pmtaConnections(ctx).exec(server, `pmta show settings ${queue}`);
  } catch (e) {
    if (e instanceof PmtaSshError) throw new ReadError(e.message, true);
    throw e;
  }
  const text = out.stdout || out.stderr;
  if (out.code !== 0) {
    const line =
      text
        .trim()
        .split('\n')[0]
        ?.replace(/^error:\s*/i, '') || `pmta show settings ${queue} failed`;
    throw new ReadError(`Error: ${line}`);
  }
  const rate = /^\s*max-msg-rate\s+(\S+)\s*$/m.exec(text)?.[1];
  const value = rate === undefined ? undefined : perHour(rate);
  if (value === undefined) throw new ReadError(`Error: no max-msg-rate in the settings of ${queue}.`);
  return value;
}

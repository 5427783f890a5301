// @ts-nocheck
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { PmtaConfig } from './config/parse.ts';
import { bestMatch } from './net-match.ts';
import type { Queues } from './queues.ts';

/*
 * The injection listener (../shared/PMTA.md "Injection"). The client's `<source>` decides relaying and
 * whether X-Virtual-MTA and X-Job are honoured; ENVID comes from MAIL FROM (smtp-server's DSN support).
 * Refusals (decision 0900): `550 5.7.1 relaying denied` at RCPT TO for a source without
 * always-allow-relaying, `550 5.7.1 unknown virtual MTA "NAME"` after DATA for a name the config lacks.
 */

export interface SmtpDeps {
  config: () => PmtaConfig;
  queues: Queues;
  /** Traffic counters: one message with its recipients came in. */
  received: (recipients: number, size: number) => void;
}

export class SmtpRefusal extends Error {
  readonly responseCode: number;

  constructor(responseCode: number, message: string) {
    super(message);
    this.responseCode = responseCode;
  }
}

function sourceOf(config: PmtaConfig, session: SMTPServerSession) {
  return bestMatch(config.sources, (s) => s.address, session.remoteAddress)?.settings ?? {};
}

const yes = (v: string | undefined) => v === 'yes' || v === 'true';

/** Header values by lower-case name (unfolded), and the message without the named headers. */
function headers(data: Buffer, strip: string[]): { values: Map<string, string>; rest: Buffer } {
  const text = data.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const head = end < 0 ? text : text.slice(0, end);
  const lines = head.split(/\r?\n(?=\S)/);
  const values = new Map<string, string>();
  const kept = lines.filter((l) => {
    const i = l.indexOf(':');
    const name = l.slice(0, i).trim().toLowerCase();
    if (i > 0 && !values.has(name))
      values.set(
        name,
        l
          .slice(i + 1)
          .replace(/\r?\n\s+/g, ' ')
          .trim(),
      );
    return !strip.includes(name);
  });
  const body = end < 0 ? '' : text.slice(end);
  return { values, rest: Buffer.from(kept.join('\r\n') + body, 'latin1') };
}

export function startSmtp(deps: SmtpDeps): SMTPServer {
  const roundRobin = new Map<string, number>();
  const server = new SMTPServer({
    banner: 'PowerMTA(TM) simulator ESMTP service ready',
    hideDSN: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(_address, session, callback) {
      if (!yes(sourceOf(deps.config(), session)['always-allow-relaying'])) {
        return callback(new SmtpRefusal(550, '5.7.1 relaying denied'));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const config = deps.config();
        const source = sourceOf(config, session);
        const useVmta = yes(source['process-x-virtual-mta']);
        const useJob = yes(source['process-x-job']);
        const strip = [...(useVmta ? ['x-virtual-mta'] : []), ...(useJob ? ['x-job'] : [])];
        const { values, rest } = headers(Buffer.concat(chunks), strip);
        const named = (useVmta && values.get('x-virtual-mta')) || source['default-virtual-mta'] || '';
        let vmta = named;
        let pool = '';
        const members = config.pools.get(named);
        if (members) {
          const n = roundRobin.get(named) ?? 0;
          roundRobin.set(named, n + 1);
          [vmta, pool] = [members[n % members.length]!, named];
        } else if (named && !config.vmtas.has(named)) {
          return callback(new SmtpRefusal(550, `5.7.1 unknown virtual MTA "${named}"`));
        }
        const envelope = session.envelope as typeof session.envelope & { dsn?: { envid?: string } };
        const rcpts = envelope.rcptTo as ((typeof envelope.rcptTo)[number] & { dsn?: { orcpt?: string } })[];
        for (const r of rcpts) {
          deps.queues.enqueue({
            from: envelope.mailFrom ? envelope.mailFrom.address : '',
            rcpt: r.address,
            orcpt: r.dsn?.orcpt ?? '',
            envId: envelope.dsn?.envid ?? '',
            jobId: (useJob && values.get('x-job')) || '',
            vmta,
            pool,
            size: rest.length,
            data: rest,
            srcMta: `${session.hostNameAppearsAs} (${session.remoteAddress})`,
          });
        }
        deps.received(rcpts.length, rest.length);
        callback();
      });
    },
  });
  // A client that goes away mid-session (a killed sender) resets its socket: that ends its session only.
  server.on('error', () => {});
  return server;
}

// @ts-nocheck
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { SMTPServer } from 'smtp-server';
import { Accounting } from './accounting.ts';
import { runCommand } from './commands.ts';
import { ConfigError, parseConfig, rootedFiles, type PmtaConfig } from './config/parse.ts';
import type { CommandResult, PmtaControl } from './control.ts';
import { startHttp } from './http.ts';
import { categoryOf, findRule, outcome, type OutcomeRule } from './outcomes.ts';
import { Queues, type Message } from './queues.ts';
import { startSmtp } from './smtp.ts';

/*
 * A simulated PowerMTA server (issue 12): configuration, queues, accounting, the SMTP and HTTP listeners.
 * Time runs `timeScale` times faster than the wall clock, so retries of minutes pass in a test's seconds.
 */

export const CONFIG_PATH = '/etc/pmta/config';
export const VERSION = 'PowerMTA v5.0r1 (simulator)';

export const DEFAULT_CONFIG = `smtp-listener 0/0:3535
http-mgmt-port 8080
http-access 127.0.0.1 admin
<source 127.0.0.1>
  always-allow-relaying yes
  process-x-virtual-mta yes
  process-x-job yes
</source>
<acct-file /var/log/pmta/acct.csv>
  records d,b,t,f
</acct-file>
`;

export interface SimOptions {
  /** The data directory: the server's `/` (etc/pmta/config, var/log/pmta/). */
  dataDir: string;
  /** Written to /etc/pmta/config when given; a missing file gets DEFAULT_CONFIG. */
  config?: string;
  /** 0 (default) = any free port; the listeners bind 127.0.0.1. */
  smtpPort?: number;
  httpPort?: number;
  /** Simulated seconds per real second: 100 makes one simulated second 10 ms. Default 1. */
  timeScale?: number;
  /** The remote side's answers, first match wins; recipients no rule names are delivered. */
  outcomes?: OutcomeRule[];
  /** Delivered mail is relayed to this SMTP peer (its 4xx defer, its 5xx bounce). */
  downstream?: { host: string; port: number };
}

export class PmtaSim implements PmtaControl {
  readonly root: string;
  readonly version = VERSION;
  readonly startedAt = new Date();
  readonly traffic = { inRcp: 0, inMsg: 0, inBytes: 0, outRcp: 0, outBytes: 0 };
  readonly queues: Queues;
  readonly accounting: Accounting;
  config!: PmtaConfig;
  /** The text of /etc/pmta/config at each load that took effect (start, reload), oldest first; the last 1,000. */
  readonly loads: string[] = [];
  smtpPort: number;
  httpPort: number;
  private smtp?: SMTPServer;
  private http?: Server;
  private timer?: NodeJS.Timeout;
  private readonly scale: number;
  private readonly realStart = Date.now();
  private readonly relay;

  private readonly options: SimOptions;

  constructor(options: SimOptions) {
    this.options = options;
    this.root = options.dataDir;
    this.smtpPort = options.smtpPort ?? 0;
    this.httpPort = options.httpPort ?? 0;
    this.scale = options.timeScale ?? 1;
    this.accounting = new Accounting(this.root, () => new Date(this.now()));
    this.queues = new Queues({
      now: () => this.now(),
      config: () => this.config,
      attempt: (m) => this.attempt(m),
      record: (r) => this.accounting.write(r),
      delivered: (m) => {
        this.traffic.outRcp++;
        this.traffic.outBytes += m.size;
      },
    });
    const d = options.downstream;
    this.relay =
      d &&
      nodemailer.createTransport({
        host: d.host,
        port: d.port,
        secure: false,
        ignoreTLS: true,
        pool: true,
        maxConnections: 5,
      });
  }

  get running() {
    return this.smtp !== undefined;
  }

  /** Simulated time, in milliseconds since the epoch. */
  now(): number {
    return this.realStart + (Date.now() - this.realStart) * this.scale;
  }

  /** Parses /etc/pmta/config; on success the new config is in effect, on error the old one stays. */
  load(): string | undefined {
    try {
      this.config = parseConfig(CONFIG_PATH, rootedFiles(this.root));
      this.accounting.configure(this.config.acctFiles);
      this.loads.push(readFileSync(join(this.root, CONFIG_PATH), 'utf8'));
      if (this.loads.length > 1000) this.loads.shift();
      return undefined;
    } catch (e) {
      if (e instanceof ConfigError) return e.message;
      throw e;
    }
  }

  private async attempt(m: Message) {
    const a = outcome(findRule(this.options.outcomes ?? [], m.rcpt), m.attempts);
    const d = this.options.downstream;
    if (a.kind !== 'delivered' || !this.relay || !d)
      return { ...a, mta: `mx.${m.domain} (192.0.2.1)`, destinationIp: '192.0.2.1' };
    const mta = `${d.host} (${d.host})`;
    try {
      const info = await this.relay.sendMail({ envelope: { from: m.from, to: [m.rcpt] }, raw: m.data });
      return { ...a, reply: info.response, mta, destinationIp: d.host };
    } catch (e) {
      const err = e as { responseCode?: number; response?: string; message: string };
      const code = err.responseCode ?? 421;
      const reply = err.response ?? `421 4.4.1 ${err.message}`;
      const status = /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(reply)?.[1] ?? `${String(code)[0]}.0.0`;
      return code >= 500
        ? {
            kind: 'bounced' as const,
            dsnStatus: `${status} (rejected by the remote server)`,
            reply,
            bounceCat: categoryOf(status),
            mta,
            destinationIp: d.host,
          }
        : { kind: 'deferred' as const, dsnStatus: `${status} (temporary failure)`, reply, mta, destinationIp: d.host };
    }
  }

  async start(): Promise<string | undefined> {
    if (this.running) return undefined;
    const error = this.load();
    if (error) return error;
    const smtp = startSmtp({
      config: () => this.config,
      queues: this.queues,
      received: (rcpts, size) => {
        this.traffic.inRcp += rcpts;
        this.traffic.inMsg++;
        this.traffic.inBytes += size;
      },
    });
    const http = startHttp(this);
    await new Promise<void>((ok, fail) => smtp.listen(this.smtpPort, '127.0.0.1', ok).once('error', fail));
    await new Promise<void>((ok, fail) => http.listen(this.httpPort, '127.0.0.1', ok).once('error', fail));
    this.smtpPort = (smtp.server.address() as AddressInfo).port;
    this.httpPort = (http.address() as AddressInfo).port;
    [this.smtp, this.http] = [smtp, http];
    this.timer = setInterval(() => {
      this.queues.tick();
      this.accounting.tick();
    }, 5);
    return undefined;
  }

  async stop() {
    clearInterval(this.timer);
    this.accounting.flush();
    const [smtp, http] = [this.smtp, this.http];
    [this.smtp, this.http] = [undefined, undefined];
    http?.closeAllConnections();
    await Promise.all([
      new Promise<void>((ok) => (smtp ? smtp.close(() => ok()) : ok())),
      new Promise<void>((ok) => (http ? http.close(() => ok()) : ok())),
    ]);
  }

  /** Stops everything, for good (tests, the process's exit). */
  async close() {
    await this.stop();
    this.relay?.close();
  }

  command(args: string[]): Promise<CommandResult> {
    return runCommand(this, args);
  }

  async service(action: 'start' | 'stop' | 'restart' | 'status'): Promise<CommandResult> {
    if (action === 'status') {
      return this.running ? { code: 0, stdout: 'active\n', stderr: '' } : { code: 3, stdout: 'inactive\n', stderr: '' };
    }
    if (action !== 'start') await this.stop();
    if (action === 'stop') return { code: 0, stdout: '', stderr: '' };
    const error = await this.start();
    return error
      ? { code: 1, stdout: '', stderr: `Job for pmta.service failed.\n${error}\n` }
      : { code: 0, stdout: '', stderr: '' };
  }
}

export async function startPmtaSim(options: SimOptions): Promise<PmtaSim> {
  const config = join(options.dataDir, CONFIG_PATH);
  mkdirSync(join(options.dataDir, 'etc/pmta'), { recursive: true });
  mkdirSync(join(options.dataDir, 'var/log/pmta'), { recursive: true });
  if (options.config !== undefined || !existsSync(config)) writeFileSync(config, options.config ?? DEFAULT_CONFIG);
  const sim = new PmtaSim(options);
  const error = await sim.start();
  if (error) throw new Error(error);
  return sim;
}

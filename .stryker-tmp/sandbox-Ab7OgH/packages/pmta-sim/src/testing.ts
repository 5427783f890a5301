// @ts-nocheck
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { startPmtaSim, type PmtaSim, type SimOptions } from './sim.ts';

/* Helpers of the simulator's own tests (and anyone who starts a simulator in-process). */

/** Two VMTAs in a pool, short retries, a backoff pattern, every record type. */
export const TEST_CONFIG = `smtp-listener 0/0:3535
http-mgmt-port 8080
http-access 127.0.0.1 monitor
<source 127.0.0.1>
  always-allow-relaying yes
  process-x-virtual-mta yes
  process-x-job yes
</source>
<virtual-mta v1>
  smtp-source-host 10.1.1.1 mta1.example.com
</virtual-mta>
<virtual-mta v2>
  smtp-source-host 10.1.1.2 mta2.example.com
</virtual-mta>
<virtual-mta-pool group-1>
  virtual-mta v1
  virtual-mta v2
</virtual-mta-pool>
<domain *>
  retry-after 1m
  backoff-retry-after 1m
  bounce-after 1h
  smtp-pattern-list blocking-errors
</domain>
<domain never.example>
  bounce-after 90s
</domain>
<smtp-pattern-list blocking-errors>
  reply /421 .* SERVICE NOT AVAILABLE/ mode=backoff
</smtp-pattern-list>
<acct-file /var/log/pmta/acct.csv>
  records d,b,t,f
</acct-file>
`;

export async function tempSim(
  options: Omit<SimOptions, 'dataDir'> = {},
): Promise<PmtaSim & { cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pmta-sim-'));
  const sim = await startPmtaSim({ dataDir, ...options });
  return Object.assign(sim, {
    async cleanup() {
      await sim.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

export interface Injection {
  to: string | string[];
  from?: string;
  vmta?: string;
  job?: string;
  envId?: string;
}

/** One message over SMTP to the simulator's listener, as the console injects it. */
export async function inject(port: number, m: Injection) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail({
      from: m.from ?? 'sender@example.org',
      to: m.to,
      subject: 'test',
      text: 'hello',
      headers: { ...(m.vmta ? { 'X-Virtual-MTA': m.vmta } : {}), ...(m.job ? { 'X-Job': m.job } : {}) },
      ...(m.envId ? { dsn: { id: m.envId, return: 'headers' as const, notify: ['failure' as const] } } : {}),
    });
  } finally {
    transport.close();
  }
}

/** The cells of one CSV line (quoted cells hold commas and doubled quotes; no line breaks in the tests). */
function cells(line: string): string[] {
  return [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!,
  );
}

/** Rows of an accounting file as objects by header name. */
export function readAcct(root: string, path = '/var/log/pmta/acct.csv'): Record<string, string>[] {
  const [header, ...rows] = readFileSync(join(root, path), 'utf8').trimEnd().split('\n');
  const names = cells(header!);
  return rows.map((r) => Object.fromEntries(cells(r).map((v, i) => [names[i], v])));
}

/** Polls until `check` stops throwing (generous: a loaded 2-core machine). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { startPmtaSim, type PmtaSim, type SimOptions } from './sim.ts';

/* Helpers of the simulator's own tests (and anyone who starts a simulator in-process). */

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

/** Rows of an accounting file as objects by header name (no quoted commas in the tests' data). */
export function readAcct(root: string, path = '/var/log/pmta/acct.csv'): Record<string, string>[] {
  const [header, ...rows] = readFileSync(join(root, path), 'utf8').trimEnd().split('\n');
  const names = header!.split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [names[i], v])));
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

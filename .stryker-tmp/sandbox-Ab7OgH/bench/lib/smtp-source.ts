/**
 * Postfix `smtp-source` as a bench's reference (issue 28): the same number of messages of the same size,
 * over the same number of SMTP sessions, into the same sinks the bench measures its sender against. One
 * smtp-source per port, all in parallel, timed from the first start to the last exit. Skipped (null, with a
 * line saying so) where /usr/sbin/smtp-source is absent, as on CI.
 */
// @ts-nocheck

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { cpuMs, ownCpuMs } from './measure.ts';
import { onExit } from './hermetic.ts';

export const SMTP_SOURCE = process.env.SMTP_SOURCE ?? '/usr/sbin/smtp-source';

export function smtpSourceAbsent(): string | null {
  return fs.existsSync(SMTP_SOURCE)
    ? null
    : `reference skipped: ${SMTP_SOURCE} is absent (install Postfix for the smtp-source reference)`;
}

export interface SmtpSourceRun {
  seconds: number;
  messages: number;
  /** CPU milliseconds of the smtp-source processes (they are this process's waited-for children). */
  cpuMs: number;
}

/**
 * `total` messages of `bytes` bytes of payload, split over `ports`, `sessions` sessions per port, each
 * session kept open between messages (`-d`, like the senders' pooled sessions).
 */
export async function runSmtpSource(o: {
  ports: number[];
  total: number;
  bytes: number;
  sessions: number;
}): Promise<SmtpSourceRun> {
  const children = new Set<ReturnType<typeof spawn>>();
  onExit('smtp-source', () => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));
  const per = o.ports.map((_, i) => Math.floor(o.total / o.ports.length) + (i < o.total % o.ports.length ? 1 : 0));
  // This process's CPU with its reaped children, minus its own: the smtp-source processes' CPU.
  const childCpu = () => cpuMs(process.pid) - ownCpuMs();
  const cpu0 = childCpu();
  const t0 = performance.now();
  await Promise.all(
    o.ports.map(
      (port, i) =>
        new Promise<void>((resolve, reject) => {
          const args = ['-d', '-s', String(o.sessions), '-l', String(o.bytes), '-m', String(per[i])];
          args.push('-f', 'bench@source.example', '-t', `user${i}@example${i}.com`, `127.0.0.1:${port}`);
          const c = spawn(SMTP_SOURCE, args, { stdio: ['ignore', 'ignore', 'pipe'] });
          children.add(c);
          let err = '';
          c.stderr!.on('data', (d) => (err += d));
          c.on('error', reject);
          c.on('exit', (code) =>
            code === 0 ? resolve() : reject(new Error(`smtp-source exited ${code}: ${err.trim()}`)),
          );
        }),
    ),
  );
  return { seconds: (performance.now() - t0) / 1000, messages: o.total, cpuMs: childCpu() - cpu0 };
}

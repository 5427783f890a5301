/**
 * Measuring, shared by the benches: CPU time of each process (Linux /proc), PostgreSQL's CPU (the postmaster,
 * its running backends and the ended ones it collected), the machine line every result carries, and
 * RESULTS.md records.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const TICKS_PER_S = 100; // USER_HZ on Linux

function stat(pid: number | string): string[] {
  return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
}

/** CPU milliseconds a process used (user + system), with its children it waited for; NaN when it is gone. */
export function cpuMs(pid: number | undefined): number {
  try {
    const f = stat(pid!);
    return ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000) / TICKS_PER_S;
  } catch {
    return NaN;
  }
}

/** This process's CPU milliseconds (finer than /proc). */
export function ownCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** A function giving PostgreSQL's CPU milliseconds so far: the postmaster and every process it started. */
export async function postgresCpu(q: Query): Promise<() => number> {
  const backend = Number((await q('select pg_backend_pid() as pid')).rows[0]!.pid);
  return treeCpu(stat(backend)[1]!);
}

/** A function giving the CPU milliseconds of a process and of every process it started, so far. */
export function treeCpu(root: number | string): () => number {
  const parent = String(root);
  return () => {
    let ms = cpuMs(Number(parent));
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        // A child that ends between the two reads gives NaN: its CPU joins the parent's children total.
        if (stat(pid)[1] === parent) ms += cpuMs(Number(pid)) || 0;
      } catch {
        // ended meanwhile: the parent's children total has it
      }
    }
    return ms;
  };
}

/** The pid of the process whose command line contains `text` (a server started with its own config path). */
export function pidWith(text: string): number | undefined {
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text)) return Number(pid);
    } catch {
      // ended meanwhile
    }
  }
  return undefined;
}

/** CPU used per process between `start()` and `stop()`, from named readers. */
export function cpuMeter<K extends string>(readers: Record<K, () => number>) {
  const keys = Object.keys(readers) as K[];
  const at = () => Object.fromEntries(keys.map((k) => [k, readers[k]()])) as Record<K, number>;
  const t0 = at();
  return {
    /** Milliseconds per process since the meter was made. */
    used(): Record<K, number> {
      const t1 = at();
      return Object.fromEntries(keys.map((k) => [k, t1[k] - t0[k]])) as Record<K, number>;
    },
  };
}

/** `worker 41 + PostgreSQL 30 = 71 µs`: CPU per unit by process, and the sum. */
export function perUnit(used: Record<string, number>, units: number, unit = 'µs'): string {
  const us = Object.entries(used).map(([k, ms]) => [k, (ms * 1000) / units] as const);
  const sum = us.reduce((s, [, v]) => s + v, 0);
  return `${us.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' + ')} = ${sum.toFixed(0)} ${unit}`;
}

/** The machine, date and load average a figure was measured with. */
export function machine(): string {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus.length} × ${cpus[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, load average ${load}`;
}

/**
 * Keeps a run: with RECORD=1 the lines are appended to the bench's RESULTS.md under the machine line (the
 * file keeps every run recorded so); they are printed either way.
 */
export function record(benchDir: string, title: string, lines: string[]): void {
  const text = [`### ${title}`, '', `${machine()}`, '', '```', ...lines, '```', ''].join('\n');
  if (process.env.RECORD === '1') {
    const file = path.join(benchDir, 'RESULTS.md');
    const current = fs.readFileSync(file, 'utf8');
    const heading = '\n## Recorded runs\n';
    fs.writeFileSync(file, (current.includes(heading) ? current : current.trimEnd() + '\n' + heading) + '\n' + text);
    console.log(`recorded in ${file}`);
  }
}

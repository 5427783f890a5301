/**
 * What makes a bench hermetic (issue 28): only the jobs it measures run (the JOBS setting, inherited by
 * every process it starts), DNS questions go to a server on loopback (DNS_SERVERS), it has a deadline, and
 * every process it started is stopped on any exit: the end, an error, SIGINT/SIGTERM or the deadline.
 */
// @ts-nocheck

import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { startDnsServer } from '../../packages/server/test/peers/dns-server.ts';

type Cleanup = () => unknown;
const cleanups: { what: string; run: Cleanup }[] = [];
let exiting: Promise<never> | undefined;

/** Runs `run` when the bench ends, however it ends; the last registered runs first. */
export function onExit(what: string, run: Cleanup): void {
  cleanups.push({ what, run });
}

/** Stops everything the bench started (each step bounded: a stuck peer cannot keep it alive), then exits. */
export function exit(code: number, why?: string): Promise<never> {
  exiting ??= (async () => {
    if (why) console.error(why);
    for (const c of cleanups.splice(0).reverse()) {
      const timer = new Promise((_, reject) =>
        setTimeout(() => reject(new Error('did not stop within 15 s')), 15_000).unref(),
      );
      try {
        await Promise.race([c.run(), timer]);
      } catch (e) {
        console.error(`stopping ${c.what}: ${(e as Error).message}`);
      }
    }
    process.exit(code);
  })();
  return exiting;
}

process.once('SIGINT', () => void exit(130, 'interrupted (SIGINT): stopping every process the bench started'));
process.once('SIGTERM', () => void exit(143, 'terminated (SIGTERM): stopping every process the bench started'));
process.on('uncaughtException', (e) => void exit(1, `bench failed: ${e.stack ?? e}`));
process.on('unhandledRejection', (e) => void exit(1, `bench failed: ${(e as Error)?.stack ?? e}`));

/** Ends the bench (stopping what it started) if it has not finished within `seconds`; says what was running. */
export function deadline(seconds: number, what: () => string): void {
  setTimeout(
    () => void exit(2, `deadline: the bench did not finish within ${seconds} s (${what()})`),
    seconds * 1000,
  ).unref();
}

/** A child process that is stopped when the bench ends: SIGTERM, then SIGKILL if it lingers 5 s. */
export function spawnTracked(what: string, command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  return track(what, spawn(command, args, options));
}

/** Stops a child started otherwise (fork) when the bench ends. */
export function track<C extends ChildProcess>(what: string, child: C): C {
  onExit(what, () => stopChild(child));
  return child;
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => (clearTimeout(kill), resolve()));
    child.kill('SIGTERM');
  });
}

/**
 * Sets up the environment before the app is built: JOBS (`none` when the bench measures no job), a DNS
 * server on loopback answering NXDOMAIN (no blocklist listing, no MX), so nothing leaves the machine, and
 * ALLOW_INTERNAL_URLS=loopback (the benches' peers).
 */
export async function hermeticEnv(jobs: readonly string[]): Promise<void> {
  const dns = await startDnsServer();
  onExit('the loopback DNS server', () => {
    if (dns.queries.length) console.log(`loopback DNS answered ${dns.queries.length} questions`);
    return dns.close();
  });
  process.env.DNS_SERVERS = dns.servers;
  // Every peer of a bench (sinks, the PMTA simulator) listens on loopback, as in the tests: the outbound
  // policy (core/outbound.ts) must let the app reach loopback, and only that.
  process.env.ALLOW_INTERNAL_URLS = 'loopback';
  process.env.JOBS = jobs.length ? jobs.join(',') : 'none';
}

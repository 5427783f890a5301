import { acctTime } from './accounting.ts';
import { settingsFor } from './config/settings.ts';
import type { CommandResult } from './control.ts';
import { domainTotals } from './http.ts';
import type { PmtaSim } from './sim.ts';

/*
 * The `pmta` command line (../shared/PMTA.md "Command line"). Success is exit code 0 with the answer on
 * stdout (nothing for reload, pause, resume, set, rotate); a refusal is exit code 1 with one `error: ...`
 * line on stdout. Decision 0900 lists the wordings.
 */

const ok = (stdout = ''): CommandResult => ({ code: 0, stdout, stderr: '' });
const refuse = (message: string): CommandResult => ({ code: 1, stdout: `error: ${message}\n`, stderr: '' });

/** Left-aligned columns under a header row. */
function table(rows: (string | number)[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return (
    rows
      .map((r) =>
        r
          .map((c, i) => String(c).padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

const kb = (bytes: number) => Math.ceil(bytes / 1024);

function show(
  sim: PmtaSim,
  what: string | undefined,
  arg: string | undefined,
  options: Map<string, string>,
): CommandResult {
  const queues = [...sim.queues.queues.values()];
  switch (what) {
    case 'status': {
      const t = sim.traffic;
      const rcpt = queues.reduce((n, q) => n + q.messages.length, 0);
      return ok(
        `${sim.version}, started ${acctTime(sim.startedAt)}\n` +
          `traffic   in: ${t.inRcp} rcpt, ${t.inMsg} msg, ${kb(t.inBytes)} kB   out: ${t.outRcp} rcpt, ${kb(t.outBytes)} kB\n` +
          `queued    ${rcpt} rcpt in ${queues.filter((q) => q.messages.length).length} queues\n` +
          `smtp-out  ${queues.reduce((n, q) => n + q.inFlight, 0)} connections\n`,
      );
    }
    case 'queues': {
      // Times in ISO 8601 (no spaces) and the last error last: every column but that one is one word (1401).
      const iso = (ms: number | undefined) => (ms === undefined ? '-' : new Date(ms).toISOString());
      const now = sim.now();
      return ok(
        table([
          [
            'queue',
            'rcpt',
            'kB',
            'conn',
            'paused',
            'mode',
            'mode-since',
            'next-retry',
            'dlv-1h',
            'dfr-1h',
            'last-error',
          ],
          ...queues.map((q) => [
            q.name,
            q.messages.length,
            kb(q.messages.reduce((s, m) => s + m.size, 0)),
            q.inFlight,
            q.paused ? 'yes' : 'no',
            q.mode,
            iso(q.modeSince),
            iso(q.nextRetry),
            q.lastHour(now).delivered,
            q.lastHour(now).deferred,
            q.lastError || '-',
          ]),
        ]),
      );
    }
    case 'topdomains': {
      const n = Number(options.get('n') ?? 20);
      if (!Number.isInteger(n) || n < 1) return refuse('usage: pmta show topdomains [--n=COUNT]');
      return ok(
        table([
          ['domain', 'rcpt', 'kB', 'queues'],
          ...domainTotals(sim)
            .slice(0, n)
            .map((d) => [d.domain, d.rcp, kb(d.bytes), d.queues]),
        ]),
      );
    }
    case 'domains': {
      const domains = new Map<string, number>();
      for (const q of queues) domains.set(q.domain, (domains.get(q.domain) ?? 0) + q.messages.length);
      return ok(table([['domain', 'rcpt'], ...[...domains]]));
    }
    case 'vmtas':
      return ok(
        table([
          ['vmta', 'source-ip', 'host-name', 'rcpt'],
          ...[...sim.config.vmtas.values()].map((v) => [
            v.name,
            v.sourceIp ?? '-',
            v.hostName ?? '-',
            queues.filter((q) => q.vmta === v.name).reduce((n, q) => n + q.messages.length, 0),
          ]),
        ]),
      );
    case 'jobs':
      return ok(
        table([
          ['job', 'queued', 'delivered', 'bounced', 'deferred'],
          ...[...sim.queues.jobs].map(([id, j]) => [id, j.queued, j.delivered, j.bounced, j.deferred]),
        ]),
      );
    case 'settings': {
      const [domain, vmta = ''] = (arg ?? '').toLowerCase().split('/');
      if (!domain) return refuse('usage: pmta show settings DOMAIN[/VMTA]');
      if (vmta && !sim.config.vmtas.has(vmta)) return refuse(`unknown virtual MTA "${vmta}"`);
      const { texts } = settingsFor(sim.config, domain, vmta);
      return ok(
        `<domain ${domain}>${vmta ? ` in <virtual-mta ${vmta}>` : ''}\n` +
          Object.entries(texts)
            .map(([k, v]) => `  ${k} ${v}\n`)
            .join(''),
      );
    }
    default:
      return refuse(`unknown command "show ${what ?? ''}"`);
  }
}

export async function runCommand(sim: PmtaSim, args: string[]): Promise<CommandResult> {
  const [verb, ...rest] = args;
  if (verb === '--version' || verb === 'version') return ok(`${sim.version}\n`);
  if (!sim.running) return refuse('cannot connect to PowerMTA (is the service running?)');
  const options = new Map(rest.filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=') as [string, string]));
  const words = rest.filter((a) => !a.startsWith('--'));
  switch (verb) {
    case 'reload': {
      const error = sim.load();
      return error ? { code: 1, stdout: `${error}\n`, stderr: '' } : ok();
    }
    case 'show':
      return show(sim, words[0], words[1], options);
    case 'pause':
    case 'resume': {
      if (words[0] !== 'queue' || !words[1]) return refuse(`usage: pmta ${verb} queue DOMAIN[/VMTA]`);
      const found = sim.queues.select(words[1], true);
      if (found.length === 0) return refuse(`no queue matches "${words[1]}"`);
      for (const q of found) q.paused = verb === 'pause';
      return ok();
    }
    case 'set': {
      const mode = options.get('mode');
      if (words[0] !== 'queue' || !words[1] || (mode !== 'normal' && mode !== 'backoff')) {
        return refuse('usage: pmta set queue --mode={normal|backoff} DOMAIN[/VMTA]');
      }
      const found = sim.queues.select(words[1], true);
      if (found.length === 0) return refuse(`no queue matches "${words[1]}"`);
      for (const q of found) sim.queues.setMode(q, mode, mode === 'backoff' ? 'set by operator' : '');
      return ok();
    }
    case 'delete': {
      const job = options.get('jobId');
      const queue = options.get('queue');
      if (job) return ok(`${sim.queues.remove((m) => m.jobId === job)} recipients deleted\n`);
      if (queue) return ok(`${sim.queues.remove(() => true, sim.queues.select(queue))} recipients deleted\n`);
      return refuse('usage: pmta delete --jobId=JOB | --queue=DOMAIN/VMTA');
    }
    case 'rotate':
      if (words[0] !== 'acct') return refuse(`unknown command "rotate ${words[0] ?? ''}"`);
      sim.accounting.rotate();
      return ok();
    case 'reset':
      if (words[0] !== 'counters') return refuse(`unknown command "reset ${words[0] ?? ''}"`);
      Object.assign(sim.traffic, { inRcp: 0, inMsg: 0, inBytes: 0, outRcp: 0, outBytes: 0 });
      return ok();
    default:
      return refuse(`unknown command "${args.join(' ')}"`);
  }
}

/**
 * Where this process's CPU went (node:inspector's sampling profiler), by phase: each sample goes to the
 * nearest caller among `phases` (a function name -> a phase); a sample under none of them (I/O callbacks:
 * a socket's data parsed by a driver) goes to the first package of its stack named in `packages`, else to
 * V8's own entries ("(garbage collector)", "(program)"), else "other". Returned as each phase's share of the
 * samples (wall time between samples counts a descheduled process too, so shares, not milliseconds);
 * PROFILE=<dir> also keeps the .cpuprofile.
 */
import fs from 'node:fs';
import path from 'node:path';
import inspector from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const SELF = '(the profiler)';

export async function phaseProfiler(phases: Record<string, string>, packages: Record<string, string>) {
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
  /** Stops; each phase's share of the samples (0..1). */
  return async (name: string): Promise<Record<string, number>> => {
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    session.disconnect();
    if (process.env.PROFILE) {
      fs.mkdirSync(process.env.PROFILE, { recursive: true });
      fs.writeFileSync(path.join(process.env.PROFILE, `${name}.cpuprofile`), JSON.stringify(profile));
    }
    const parent = new Map<number, number>();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const phaseOf = new Map<number, string>();
    const resolve = (id: number): string => {
      const known = phaseOf.get(id);
      if (known) return known;
      let phase: string | undefined;
      let pkg: string | undefined;
      for (let at: number | undefined = id; at !== undefined && !phase; at = parent.get(at)) {
        const f = byId.get(at)!.callFrame;
        // the profiler stopping is not the bench's work
        if (f.url.endsWith('bench/lib/profile.ts')) phase = SELF;
        else if (Object.hasOwn(phases, f.functionName)) phase = phases[f.functionName];
        if (!pkg) pkg = Object.entries(packages).find(([p]) => f.url.includes(p))?.[1];
      }
      const v8 = { '(garbage collector)': 'GC', '(program)': 'V8 (program)' }[byId.get(id)!.callFrame.functionName];
      const r = phase ?? pkg ?? v8 ?? 'other';
      phaseOf.set(id, r);
      return r;
    };
    const ms: Record<string, number> = {};
    let all = 0;
    profile.samples.forEach((id, i) => {
      const n = byId.get(id)!;
      if (n.callFrame.functionName === '(idle)') return;
      const p = resolve(id);
      if (p === SELF) return;
      const d = profile.timeDeltas[i] ?? 0;
      ms[p] = (ms[p] ?? 0) + d;
      all += d;
    });
    return Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, v / all]));
  };
}

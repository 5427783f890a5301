import type { WarmupThresholds } from '@console/shared/warmup-plans';

/*
 * How a warm-up plan reads a relay's day (decision 1433): per mail service, each signal against its yellow
 * and red lines. Any red steps the relay back a day, else any yellow holds it, else a day that sent
 * something advances it; a day that sent nothing holds (no evidence either way).
 */

/** One mail service's day for one relay (event_rollup_daily), and the relay's share of the day in backoff. */
export interface DaySignals {
  service: string;
  sent: number;
  deferred: number;
  hardBounces: number;
  complaints: number;
  infraBounces: number;
  /** Percent of the day the relay spent in backoff (the same for each service of an SMTP relay). */
  backoffPct: number;
}

export type Decision = 'advanced' | 'held' | 'stepped back';

const pct = (n: number, of: number) => (of > 0 ? (100 * n) / of : 0);
const shown = (v: number) => `${Number(v.toFixed(2))}%`;

/** The decision and why, in words an operator reads on the relay's page. */
export function judgeDay(days: DaySignals[], t: WarmupThresholds): { decision: Decision; reason: string } {
  const red: string[] = [];
  const yellow: string[] = [];
  for (const d of days) {
    const rates: [keyof WarmupThresholds, string, number][] = [
      ['deferrals', 'deferrals', pct(d.deferred, d.sent + d.deferred)],
      ['hardBounces', 'hard bounces', pct(d.hardBounces, d.sent)],
      ['complaints', 'complaints', pct(d.complaints, d.sent)],
      ['infraBounces', 'infrastructure bounces', pct(d.infraBounces, d.sent)],
      ['backoff', 'time in backoff', d.backoffPct],
    ];
    for (const [key, label, value] of rates) {
      const line = t[key];
      if (value >= line.red) red.push(`${d.service}: ${label} ${shown(value)} (red line ${line.red}%)`);
      else if (value >= line.yellow)
        yellow.push(`${d.service}: ${label} ${shown(value)} (yellow line ${line.yellow}%)`);
    }
  }
  if (red.length) return { decision: 'stepped back', reason: `Red: ${red.join('; ')}.` };
  if (yellow.length) return { decision: 'held', reason: `Yellow: ${yellow.join('; ')}.` };
  const sent = days.reduce((n, d) => n + d.sent, 0);
  if (!sent) return { decision: 'held', reason: 'Nothing was sent that day: no signal to advance on.' };
  const summary = days
    .filter((d) => d.sent > 0)
    .map((d) => `${d.service} ${d.sent} sent`)
    .join(', ');
  return { decision: 'advanced', reason: `Healthy at every mail service (${summary}).` };
}

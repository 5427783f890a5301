import {
  SPEED_HOURS,
  UNKNOWN_PROVIDER,
  hourLabel,
  type RelaysCountRow,
  type SpeedDetailed,
  type SpeedOverall,
  type SpeedSeries,
  type SpeedType,
} from '@console/shared/dashboard';
import type { Executor } from '../../db/client.ts';
import { hourlyTraffic, relayGroupCounts } from './dashboard.repo.ts';

/*
 * The dashboard (decision 0915): the last 24 hours are the hour `now` falls in and the 23 before it, in
 * UTC; each point sums that hour of the hourly rollup. `now` is a parameter so that tests fix the clock.
 */

const HOUR = 3_600_000;

/** The hour starts of the window, oldest first: the hour of `now` and the SPEED_HOURS - 1 before it. */
export function speedHours(now: Date): Date[] {
  const current = Math.floor(now.getTime() / HOUR) * HOUR;
  return Array.from({ length: SPEED_HOURS }, (_, i) => new Date(current - (SPEED_HOURS - 1 - i) * HOUR));
}

const emptySeries = (): SpeedSeries => ({
  total: Array<number>(SPEED_HOURS).fill(0),
  sent: Array<number>(SPEED_HOURS).fill(0),
  bounce: Array<number>(SPEED_HOURS).fill(0),
  infraBounce: Array<number>(SPEED_HOURS).fill(0),
  complaint: Array<number>(SPEED_HOURS).fill(0),
});

/**
 * POST dashboard/speed. overall: {labels, total, sent, bounce}; detailed: {labels, chartData} keyed by the
 * name of each mail provider with traffic in the window (by name). total = sent, sent = delivered,
 * bounce = bounced, infraBounce = infra_bounces (decision 1362), complaint = complaints (1390).
 */
export async function speed(
  db: Executor,
  owner: number | null,
  type: SpeedType,
  now = new Date(),
): Promise<SpeedOverall | SpeedDetailed> {
  const hours = speedHours(now);
  const index = new Map(hours.map((h, i) => [h.getTime(), i]));
  const rows = await hourlyTraffic(db, owner, hours[0]!, hours[hours.length - 1]!, type === 'detailed');
  const labels = hours.map(hourLabel);
  const byName = new Map<string, SpeedSeries>();
  for (const r of rows) {
    const i = index.get(r.hour.getTime());
    if (i === undefined) continue;
    const name = type === 'detailed' ? (r.provider ?? UNKNOWN_PROVIDER) : '';
    let s = byName.get(name);
    if (!s) byName.set(name, (s = emptySeries()));
    s.total[i]! += r.sent;
    s.sent[i]! += r.delivered;
    s.bounce[i]! += r.bounced;
    s.infraBounce[i]! += r.infraBounces;
    s.complaint[i]! += r.complaints;
  }
  if (type === 'overall') return { labels, ...(byName.get('') ?? emptySeries()) };
  const names = [...byName.keys()].sort((a, b) => a.localeCompare(b));
  return { labels, chartData: Object.fromEntries(names.map((n) => [n, byName.get(n)!])) };
}

/** POST dashboard/pmta-relays-count: one row per relay group not archived. */
export async function relaysCount(db: Executor, owner: number | null): Promise<RelaysCountRow[]> {
  const rows = await relayGroupCounts(db, owner);
  return rows.map(({ id, name, ...counts }) => ({ group: { id, name }, ...counts }));
}

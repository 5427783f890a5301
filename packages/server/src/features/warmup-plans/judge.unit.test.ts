import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS, READY_PLANS, rampUp } from '@console/shared/warmup-plans';
import { judgeDay, type DaySignals } from './judge.ts';

const day = (o: Partial<DaySignals>): DaySignals => ({
  service: 'Gmail',
  sent: 1000,
  deferred: 0,
  hardBounces: 0,
  complaints: 0,
  infraBounces: 0,
  backoffPct: 0,
  ...o,
});

describe('judging a warm-up day', () => {
  it('advances a healthy day, holds on yellow, steps back on red, holds a day without mail', () => {
    expect(judgeDay([day({}), day({ service: 'Yahoo', sent: 10 })], DEFAULT_THRESHOLDS)).toEqual({
      decision: 'advanced',
      reason: 'Healthy at every mail service (Gmail 1000 sent, Yahoo 10 sent).',
    });
    expect(judgeDay([day({ deferred: 150 })], DEFAULT_THRESHOLDS)).toEqual({
      decision: 'held',
      reason: 'Yellow: Gmail: deferrals 13.04% (yellow line 10%).',
    });
    expect(judgeDay([day({ deferred: 150 }), day({ service: 'Yahoo', complaints: 3 })], DEFAULT_THRESHOLDS)).toEqual({
      decision: 'stepped back',
      reason: 'Red: Yahoo: complaints 0.3% (red line 0.3%).',
    });
    expect(judgeDay([day({ infraBounces: 20, backoffPct: 12 })], DEFAULT_THRESHOLDS).decision).toBe('held');
    expect(judgeDay([day({ hardBounces: 50 })], DEFAULT_THRESHOLDS).decision).toBe('stepped back');
    expect(judgeDay([], DEFAULT_THRESHOLDS)).toEqual({
      decision: 'held',
      reason: 'Nothing was sent that day: no signal to advance on.',
    });
  });

  it('ready-made plans ramp from about 50 a day to full volume, Gmail slowest', () => {
    expect(rampUp(50, 50_000, 30)).toHaveLength(30);
    expect(rampUp(50, 50_000, 30).slice(0, 3)).toEqual([50, 63, 81]);
    expect(rampUp(50, 50_000, 30).at(-1)).toBe(50_000);
    const conservative = READY_PLANS.find((p) => p.key === 'conservative-30')!;
    const gmail = conservative.services.find((s) => s.mailProvider === 'Gmail')!.perDay;
    for (const s of conservative.services) {
      expect(s.perDay.every((v, i) => i === 0 || v >= s.perDay[i - 1]!)).toBe(true);
      expect(s.perDay.every((v, i) => v >= gmail[i]!)).toBe(true);
    }
  });
});

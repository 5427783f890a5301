// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { formatSchedule, parseSchedule } from './campaigns.ts';
import { ReportMessages, dateRangeFields, datesInOrder, defaultReportRange, isReportDate } from './reports.ts';
import { z } from 'zod';

describe('campaign schedules (yyyy-MM-dd HH:mm, UTC)', () => {
  it.each([
    ['2030-05-01 10:00', '2030-05-01T10:00:00.000Z'],
    ['2030-05-01T10:00', '2030-05-01T10:00:00.000Z'],
    ['2030-05-01 10:00:30Z', '2030-05-01T10:00:00.000Z'],
    ['2028-02-29 23:59', '2028-02-29T23:59:00.000Z'],
  ])('%s is %s', (text, iso) => {
    expect(parseSchedule(text)?.toISOString()).toBe(iso);
  });

  it.each(['2030-02-30 10:00', '2030-05-01 24:00', '2030-05-01 10:60', '1999-12-31 10:00', '2030-05-01', 'soon'])(
    'refuses %s',
    (text) => {
      expect(parseSchedule(text)).toBeNull();
    },
  );

  it('writes what it reads', () => {
    expect(formatSchedule(parseSchedule('2030-05-01 10:07')!)).toBe('2030-05-01 10:07');
  });
});

describe('report ranges', () => {
  it.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
  ])('%s is a date: %s', (s, ok) => {
    expect(isReportDate(s)).toBe(ok);
  });

  it('defaults to the last 7 days up to today, in UTC', () => {
    expect(defaultReportRange(new Date('2026-03-02T23:30:00Z'))).toEqual({
      fromDate: '2026-02-24',
      toDate: '2026-03-02',
    });
  });

  it('refuses a range that runs backwards, on toDate', () => {
    const schema = z.object(dateRangeFields).refine(...datesInOrder());
    const r = schema.safeParse({ fromDate: '2026-03-02', toDate: '2026-03-01' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['toDate', ReportMessages.dateOrder]]);
    expect(schema.safeParse({ fromDate: '2026-03-01', toDate: '2026-03-01' }).success).toBe(true);
  });
});

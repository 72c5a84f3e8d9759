import { describe, expect, it } from 'vitest';
import {
  addDays,
  drawNumber,
  drawTime,
  formatCountdown,
  formatLongDate,
  fromLocalCalendarDate,
  hourLabel,
  isDateString,
  isPublished,
  nextDayStart,
  nextDraw,
  publishedAt,
  todayIn,
  toLocalCalendarDate,
  wallClock,
} from './lottery-clock.ts';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('labels', () => {
  it('formats the hour, the draw time and the draw number', () => {
    expect(hourLabel(0)).toBe('00:30');
    expect(hourLabel(14)).toBe('14:30');
    expect(drawTime(9)).toBe('09:30:00');
    expect(drawNumber(0)).toBe(1);
    expect(drawNumber(23)).toBe(24);
  });

  it('writes dates as month name, day, year whatever the zone', () => {
    expect(formatLongDate('2024-05-01')).toBe('May 1, 2024');
    expect(formatLongDate('2024-12-31')).toBe('December 31, 2024');
    // Rows older than the draw date range (ADR 020) are shown as PostgreSQL wrote them.
    for (const odd of ['infinity', '-infinity', '0001-01-01 BC', '99999-01-01', '0050-06-01'])
      expect(formatLongDate(odd)).toBe(odd);
    expect(formatLongDate('2000-01-01')).toBe('January 1, 2000');
    expect(formatLongDate('2099-12-31')).toBe('December 31, 2099');
  });

  it('accepts only real yyyy-MM-dd dates', () => {
    expect(isDateString('2024-02-29')).toBe(true);
    for (const bad of ['2023-02-29', '2024-13-01', '2024-5-1', 'today', '2024-05-01T00:00']) {
      expect(isDateString(bad)).toBe(false);
    }
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('round-trips calendar days through local Date objects', () => {
    expect(fromLocalCalendarDate(toLocalCalendarDate('2024-03-10'))).toBe('2024-03-10');
  });

  it('counts down in mm:ss, rounding up', () => {
    expect(formatCountdown(59 * 60_000 + 59_001)).toBe('1:00:00');
    expect(formatCountdown(59 * 60_000 + 59_000)).toBe('59:59');
    expect(formatCountdown(61_500)).toBe('01:02');
    expect(formatCountdown(999)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(2 * 3600_000)).toBe('2:00:00');
  });
});

describe('dates PostgreSQL writes that are no calendar day (ADR 020)', () => {
  it('are published when before every day, scheduled when after', () => {
    const now = new Date('2026-11-26T00:00:00Z');
    for (const past of ['-infinity', '0001-01-01 BC', '4713-11-24 BC', '0050-06-01'])
      expect(isPublished(past, 3, 'Asia/Bangkok', now)).toBe(true);
    for (const future of ['infinity', '99999-01-01', '294276-12-31'])
      expect(isPublished(future, 3, 'Asia/Bangkok', now)).toBe(false);
  });
});

describe('a zone ahead of UTC (Asia/Bangkok, UTC+7) around its midnight', () => {
  const zone = 'Asia/Bangkok';

  it('starts the new day at 17:00 UTC', () => {
    expect(todayIn(zone, at('2024-05-01T16:59:59Z'))).toBe('2024-05-01');
    expect(todayIn(zone, at('2024-05-01T17:00:00Z'))).toBe('2024-05-02');
    expect(wallClock(zone, at('2024-05-01T17:10:00Z'))).toEqual({
      date: '2024-05-02',
      hour: 0,
      minute: 10,
    });
  });

  it("publishes the new day's first draw at 00:30 local", () => {
    expect(iso(publishedAt('2024-05-02', 0, zone))).toBe('2024-05-01T17:30:00.000Z');
    expect(isPublished('2024-05-02', 0, zone, at('2024-05-01T17:29:59Z'))).toBe(false);
    expect(isPublished('2024-05-02', 0, zone, at('2024-05-01T17:30:00Z'))).toBe(true);
  });

  it('finds the next draw across midnight', () => {
    const next = nextDraw(zone, at('2024-05-01T16:45:00Z'));
    expect(next.date).toBe('2024-05-02');
    expect(next.hour).toBe(0);
    expect(iso(next.at)).toBe('2024-05-01T17:30:00.000Z');
  });
});

describe('a zone behind UTC (America/Los_Angeles, UTC-7 in summer) around its midnight', () => {
  const zone = 'America/Los_Angeles';

  it('is still yesterday there after UTC midnight', () => {
    expect(todayIn(zone, at('2024-05-02T06:59:59Z'))).toBe('2024-05-01');
    expect(todayIn(zone, at('2024-05-02T07:00:00Z'))).toBe('2024-05-02');
  });

  it('publishes the last draw of the day after UTC midnight', () => {
    expect(iso(publishedAt('2024-05-01', 23, zone))).toBe('2024-05-02T06:30:00.000Z');
    const last = nextDraw(zone, at('2024-05-02T06:29:59Z'));
    expect([last.date, last.hour]).toEqual(['2024-05-01', 23]);
    const first = nextDraw(zone, at('2024-05-02T06:30:00Z'));
    expect([first.date, first.hour, iso(first.at)]).toEqual([
      '2024-05-02',
      0,
      '2024-05-02T07:30:00.000Z',
    ]);
  });
});

describe('a zone with daylight saving (America/New_York)', () => {
  const zone = 'America/New_York';

  it('spring forward: 02:30 does not exist and is read as standard time, like PostgreSQL', () => {
    expect(iso(publishedAt('2024-03-10', 1, zone))).toBe('2024-03-10T06:30:00.000Z');
    expect(iso(publishedAt('2024-03-10', 2, zone))).toBe('2024-03-10T07:30:00.000Z');
    expect(iso(publishedAt('2024-03-10', 3, zone))).toBe('2024-03-10T07:30:00.000Z');
    expect(iso(publishedAt('2024-03-10', 4, zone))).toBe('2024-03-10T08:30:00.000Z');
    const next = nextDraw(zone, at('2024-03-10T06:31:00Z'));
    expect([next.hour, iso(next.at)]).toEqual([2, '2024-03-10T07:30:00.000Z']);
    const after = nextDraw(zone, at('2024-03-10T07:30:00Z'));
    expect([after.hour, iso(after.at)]).toEqual([4, '2024-03-10T08:30:00.000Z']);
  });

  it('fall back: the repeated 01:30 is the later (standard time) one, like PostgreSQL', () => {
    expect(iso(publishedAt('2024-11-03', 0, zone))).toBe('2024-11-03T04:30:00.000Z');
    expect(iso(publishedAt('2024-11-03', 1, zone))).toBe('2024-11-03T06:30:00.000Z');
    expect(iso(publishedAt('2024-11-03', 2, zone))).toBe('2024-11-03T07:30:00.000Z');
    // 01:31 EDT: the first 01:30 has passed but the draw is at the second one.
    const next = nextDraw(zone, at('2024-11-03T05:31:00Z'));
    expect([next.hour, iso(next.at)]).toEqual([1, '2024-11-03T06:30:00.000Z']);
    expect(isPublished('2024-11-03', 1, zone, at('2024-11-03T05:31:00Z'))).toBe(false);
  });

  it('keeps today in the zone across the transition nights', () => {
    expect(todayIn(zone, at('2024-03-10T04:59:59Z'))).toBe('2024-03-09');
    expect(todayIn(zone, at('2024-03-10T05:00:00Z'))).toBe('2024-03-10');
    expect(todayIn(zone, at('2024-11-04T04:59:59Z'))).toBe('2024-11-03');
    expect(todayIn(zone, at('2024-11-04T05:00:00Z'))).toBe('2024-11-04');
  });

  it('uses the summer offset in summer and the winter offset in winter', () => {
    expect(iso(publishedAt('2024-07-01', 12, zone))).toBe('2024-07-01T16:30:00.000Z');
    expect(iso(publishedAt('2024-01-15', 12, zone))).toBe('2024-01-15T17:30:00.000Z');
  });
});

describe('the next lottery day', () => {
  it('starts at local midnight in zones ahead of and behind UTC', () => {
    expect(iso(nextDayStart('Asia/Bangkok', at('2024-05-01T12:00:00Z')))).toBe(
      '2024-05-01T17:00:00.000Z',
    );
    expect(iso(nextDayStart('America/Los_Angeles', at('2024-05-02T06:59:00Z')))).toBe(
      '2024-05-02T07:00:00.000Z',
    );
  });

  it('starts at 01:00 where midnight is skipped (America/Santiago, 2024-09-08)', () => {
    const start = nextDayStart('America/Santiago', at('2024-09-07T12:00:00Z'));
    expect(iso(start)).toBe('2024-09-08T04:00:00.000Z');
    expect(todayIn('America/Santiago', start)).toBe('2024-09-08');
  });
});

describe('kept draw instants', () => {
  it('give each caller its own Date, so changing one changes no later answer', () => {
    const first = publishedAt('2024-03-10', 3, 'America/New_York');
    first.setTime(0);
    expect(iso(publishedAt('2024-03-10', 3, 'America/New_York'))).toBe('2024-03-10T07:30:00.000Z');
  });

  it('stay right past the bound: a year of draws in two zones, then the first again', () => {
    for (const zone of ['Asia/Bangkok', 'America/New_York'])
      for (let day = 0; day < 365; day++)
        for (let hour = 0; hour < 24; hour++) publishedAt(addDays('2024-01-01', day), hour, zone);
    expect(iso(publishedAt('2024-11-03', 1, 'America/New_York'))).toBe('2024-11-03T06:30:00.000Z');
    expect(iso(publishedAt('2024-01-01', 0, 'Asia/Bangkok'))).toBe('2023-12-31T17:30:00.000Z');
  });
});

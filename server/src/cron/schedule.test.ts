import { describe, expect, it } from 'vitest';
import { nextRun, parseSchedule } from './schedule.ts';

const at = (iso: string) => Date.parse(iso);

describe('parseSchedule', () => {
  it('reads the interval form pg_cron >= 1.5 accepts', () => {
    expect(parseSchedule('10 seconds')).toEqual({ kind: 'interval', ms: 10_000 });
    expect(parseSchedule('1 second')).toEqual({ kind: 'interval', ms: 1000 });
    expect(parseSchedule('0 seconds')).toBeNull();
    expect(parseSchedule('60 seconds')).toBeNull();
  });

  it('refuses what it cannot run rather than guessing', () => {
    for (const text of [
      '@hourly',
      '* * * *',
      '1-5 * * * *',
      '*/0 * * * *',
      '60 * * * *',
      'x * * * *',
      '',
    ])
      expect(parseSchedule(text), text).toBeNull();
  });
});

describe('nextRun', () => {
  it('counts intervals from the given time', () => {
    expect(nextRun(parseSchedule('10 seconds')!, 1000)).toBe(11_000);
  });

  it('finds the next matching UTC minute for stars, numbers, lists and steps', () => {
    const cases: Array<[string, string, string]> = [
      ['* * * * *', '2026-11-23T14:29:10Z', '2026-11-23T14:30:00Z'],
      ['30 * * * *', '2026-11-23T14:30:00Z', '2026-11-23T15:30:00Z'],
      ['*/15 * * * *', '2026-11-23T14:31:00Z', '2026-11-23T14:45:00Z'],
      ['0 3,15 * * *', '2026-11-23T14:00:00Z', '2026-11-23T15:00:00Z'],
      ['0 0 1 1 *', '2026-11-23T14:00:00Z', '2027-01-01T00:00:00Z'],
      // Sunday as 0 or 7; 2026-11-29 is a Sunday.
      ['0 12 * * 7', '2026-11-23T14:00:00Z', '2026-11-29T12:00:00Z'],
      // Both day fields restricted: either matches, as in cron (the 1st, or a Monday).
      ['0 0 1 * 1', '2026-11-23T14:00:00Z', '2026-11-30T00:00:00Z'],
    ];
    for (const [text, after, next] of cases)
      expect(new Date(nextRun(parseSchedule(text)!, at(after))!).toISOString(), text).toBe(
        new Date(next).toISOString(),
      );
  });
});

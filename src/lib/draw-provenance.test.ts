import { describe, expect, it } from 'vitest';
import { formatLotteryTime, isLateDraw } from './draw-provenance';

const zone = 'Asia/Bangkok'; // UTC+7: 14:30 on 2026-11-23 is 07:30Z
const draw = { draw_date: '2026-11-23', draw_hour: 14 };

describe('isLateDraw', () => {
  it('marks a system draw made more than a minute after its draw moment', () => {
    const at = (iso: string) => ({ ...draw, source: 'system', created_at: iso });
    expect(isLateDraw(at('2026-11-23T07:30:04Z'), zone)).toBe(false);
    expect(isLateDraw(at('2026-11-23T07:31:00Z'), zone)).toBe(false);
    expect(isLateDraw(at('2026-11-23T07:31:01Z'), zone)).toBe(true);
    // A system row dated outside every calendar day (ADR 020) is never called late.
    expect(isLateDraw({ ...at('2026-11-23T07:31:01Z'), draw_date: 'infinity' }, zone)).toBe(false);
    expect(isLateDraw(at('2026-11-24T02:00:00Z'), zone)).toBe(true);
  });

  it('never marks an operator result or a draw generated ahead of time', () => {
    expect(
      isLateDraw({ ...draw, source: 'operator', created_at: '2026-11-24T00:00:00Z' }, zone),
    ).toBe(false);
    expect(
      isLateDraw({ ...draw, source: 'system', created_at: '2026-11-20T00:00:00Z' }, zone),
    ).toBe(false);
  });
});

describe('formatLotteryTime', () => {
  it('gives the time on the lottery clock, with the date when it is another day', () => {
    expect(formatLotteryTime('2026-11-23T08:05:09Z', zone, '2026-11-23')).toBe('15:05');
    expect(formatLotteryTime('2026-11-23T20:05:00Z', zone, '2026-11-23')).toBe(
      'November 24, 2026, 03:05',
    );
    expect(formatLotteryTime('2026-11-23T08:05:00Z', zone)).toBe('November 23, 2026, 15:05');
  });
});

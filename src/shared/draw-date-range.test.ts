import { describe, expect, it } from 'vitest';
import { DRAW_DATES, isInDrawRange, sideOfOddDate } from './draw-date-range.ts';

describe('the draw date range (ADR 020)', () => {
  it('holds its first and last day, and nothing beyond', () => {
    expect(isInDrawRange(DRAW_DATES.first)).toBe(true);
    expect(isInDrawRange(DRAW_DATES.last)).toBe(true);
    expect(isInDrawRange('2026-11-26')).toBe(true);
    for (const odd of ['1999-12-31', '2100-01-01', 'infinity', '0001-01-01 BC', '99999-01-01', ''])
      expect(isInDrawRange(odd), odd).toBe(false);
  });

  it('puts dates no calendar day can hold before or after every draw', () => {
    expect(sideOfOddDate('infinity')).toBe('future');
    expect(sideOfOddDate('99999-01-01')).toBe('future');
    expect(sideOfOddDate('-infinity')).toBe('past');
    expect(sideOfOddDate('0001-01-01 BC')).toBe('past');
    expect(sideOfOddDate('0050-06-01')).toBe('past');
  });
});

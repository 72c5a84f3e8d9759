import { describe, expect, it } from 'vitest';
import { chooseZone } from '../e2e/lottery-zone.ts';

const hourIn = (timeZone: string, at: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at),
  );

describe('the end-to-end lottery zone', () => {
  it('is Bangkok through most of its day', () => {
    expect(chooseZone(new Date('2026-11-26T05:10Z'))).toBe('Asia/Bangkok'); // 12:10 there
  });

  it('at every moment of a day has a public draw and two hours before its midnight', () => {
    for (let minute = 0; minute < 24 * 60; minute += 5) {
      const at = new Date(Date.UTC(2026, 10, 26, 0, minute));
      const hour = hourIn(chooseZone(at), at);
      expect(hour, at.toISOString()).toBeGreaterThanOrEqual(1);
      expect(hour, at.toISOString()).toBeLessThan(22);
    }
  });
});

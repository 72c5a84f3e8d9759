import { describe, expect, it } from 'vitest';
import { drawsPassed } from './draws-passed';

const zone = 'Asia/Bangkok'; // UTC+7, no daylight saving

describe('drawsPassed', () => {
  it('counts the draws whose HH:30 has come, on the lottery clock', () => {
    // 2026-11-25 09:29:59 and 09:30:00 in Bangkok.
    expect(drawsPassed('2026-11-25', zone, new Date('2026-11-25T02:29:59Z'))).toBe(9);
    expect(drawsPassed('2026-11-25', zone, new Date('2026-11-25T02:30:00Z'))).toBe(10);
  });

  it('is 0 before the first draw and on a day ahead, 24 for a day gone by', () => {
    expect(drawsPassed('2026-11-25', zone, new Date('2026-11-24T17:10:00Z'))).toBe(0);
    expect(drawsPassed('2026-11-26', zone, new Date('2026-11-25T12:00:00Z'))).toBe(0);
    expect(drawsPassed('2026-11-24', zone, new Date('2026-11-25T12:00:00Z'))).toBe(24);
  });
});

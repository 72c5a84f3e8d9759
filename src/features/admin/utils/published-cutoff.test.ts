import { describe, expect, it } from 'vitest';
import { publishedCutoff } from './published-cutoff';

describe('publishedCutoff', () => {
  it('is the last hour whose draw time (HH:30, lottery clock) has passed', () => {
    // 14:45 in Bangkok (UTC+7): the 14:30 draw is public, 15:30 is not.
    const now = new Date('2024-05-01T07:45:00Z');
    expect(publishedCutoff('2024-05-01', 'Asia/Bangkok', now)).toEqual({
      date: '2024-05-01',
      hour: 14,
    });
  });

  it('is -1 before the first draw of the day and 23 after the last', () => {
    expect(publishedCutoff('2024-05-01', 'UTC', new Date('2024-05-01T00:10:00Z')).hour).toBe(-1);
    expect(publishedCutoff('2024-05-01', 'UTC', new Date('2024-05-01T23:31:00Z')).hour).toBe(23);
  });
});

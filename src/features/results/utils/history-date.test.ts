import { describe, expect, it } from 'vitest';
import { resolveHistoryDate } from './history-date';

describe('resolveHistoryDate', () => {
  const today = '2024-05-10';

  it('defaults to today', () => {
    expect(resolveHistoryDate(null, today)).toEqual({ date: today, fellBack: false });
  });

  it('keeps a past date and today', () => {
    expect(resolveHistoryDate('2024-04-30', today)).toEqual({
      date: '2024-04-30',
      fellBack: false,
    });
    expect(resolveHistoryDate(today, today)).toEqual({ date: today, fellBack: false });
  });

  it('falls back to today for a future or malformed date', () => {
    for (const raw of ['2024-05-11', '2030-01-01', '2024-02-30', 'yesterday', '', '10/05/2024']) {
      expect(resolveHistoryDate(raw, today)).toEqual({ date: today, fellBack: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { historyDateNotice, resolveHistoryDate } from './history-date.ts';

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
    for (const raw of ['2024-05-11', '2030-01-01']) {
      expect(resolveHistoryDate(raw, today)).toEqual({
        date: today,
        fellBack: true,
        problem: 'future',
      });
    }
    for (const raw of ['2024-02-30', 'yesterday', '', '10/05/2024']) {
      expect(resolveHistoryDate(raw, today)).toEqual({
        date: today,
        fellBack: true,
        problem: 'invalid',
      });
    }
  });
});

describe('historyDateNotice', () => {
  it('says what was asked and what is shown instead', () => {
    expect(historyDateNotice('2024-05-11', 'future')).toBe(
      '2024-05-11 is in the future; showing today.',
    );
    expect(historyDateNotice('yesterday', 'invalid')).toBe(
      '“yesterday” is not a date (yyyy-mm-dd); showing today.',
    );
  });

  it("shows at most 40 characters of a stranger's value", () => {
    const notice = historyDateNotice('x'.repeat(5000), 'invalid');
    expect(notice).toBe(`“${'x'.repeat(40)}…” is not a date (yyyy-mm-dd); showing today.`);
  });
});

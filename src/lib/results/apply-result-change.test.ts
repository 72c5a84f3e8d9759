import { describe, expect, it } from 'vitest';
import type { LotteryResult } from '@/lib/types';
import { applyResultChange } from './apply-result-change';
import { resultRow } from './test/fixtures';

const row = (hour: number, prize = '1234', date = '2024-05-01'): LotteryResult =>
  resultRow(date, hour, prize, {
    created_by: null,
    created_at: '2024-05-01T00:00:00Z',
    updated_at: '2024-05-01T00:00:00Z',
  });

const list = [row(5), row(3), row(1)];

describe('applyResultChange', () => {
  it('inserts a row of the day in hour order, newest first', () => {
    const next = applyResultChange(list, '2024-05-01', {
      eventType: 'INSERT',
      new: row(4),
      old: {},
    });
    expect(next.map((r) => r.draw_hour)).toEqual([5, 4, 3, 1]);
  });

  it('ignores rows of other days and returns the same array', () => {
    const other = row(4, '9999', '2024-05-02');
    expect(
      applyResultChange(list, '2024-05-01', { eventType: 'INSERT', new: other, old: {} }),
    ).toBe(list);
  });

  it('replaces an updated row', () => {
    const next = applyResultChange(list, '2024-05-01', {
      eventType: 'UPDATE',
      new: row(3, '0000'),
      old: { id: row(3).id },
    });
    expect(next.map((r) => r.first_prize)).toEqual(['1234', '0000', '1234']);
    expect(next).toHaveLength(3);
  });

  it('removes a row moved to another day', () => {
    const moved = { ...row(3), draw_date: '2024-04-30' };
    const next = applyResultChange(list, '2024-05-01', {
      eventType: 'UPDATE',
      new: moved,
      old: { id: moved.id },
    });
    expect(next.map((r) => r.draw_hour)).toEqual([5, 1]);
  });

  it('removes a deleted row by its primary key alone', () => {
    const next = applyResultChange(list, '2024-05-01', {
      eventType: 'DELETE',
      new: {},
      old: { id: row(5).id },
    });
    expect(next.map((r) => r.draw_hour)).toEqual([3, 1]);
  });

  it('does not duplicate a row it already has (event after refetch)', () => {
    const next = applyResultChange(list, '2024-05-01', {
      eventType: 'INSERT',
      new: row(5),
      old: {},
    });
    expect(next).toHaveLength(3);
  });
});

import { describe, expect, it } from 'vitest';
import { gridCells, gridDates } from './grid-days';

const zone = 'Asia/Bangkok'; // UTC+7

describe('the grid on the lottery clock', () => {
  it("takes its days from the lottery's today, newest first", () => {
    expect(gridDates('2026-03-02', 7)).toEqual([
      '2026-03-02',
      '2026-03-01',
      '2026-02-28',
      '2026-02-27',
      '2026-02-26',
      '2026-02-25',
      '2026-02-24',
    ]);
    expect(gridDates('2026-03-02', 30)).toHaveLength(30);
  });

  it("leaves today's future hours empty, marks missed draws, and holds back unpublished rows", () => {
    const now = new Date('2026-11-23T07:45:00Z'); // 14:45 in Bangkok
    const rows = [
      { draw_date: '2026-11-23', draw_hour: 14, first_prize: '4821' },
      // An admin's session can read a result entered ahead of its draw time.
      { draw_date: '2026-11-23', draw_hour: 15, first_prize: '5555' },
      { draw_date: '2026-11-22', draw_hour: 23, first_prize: '0007' },
    ];
    const { cell, published } = gridCells(rows, zone, now);
    expect(published).toBe(2);
    expect(cell('2026-11-23', 14)).toEqual({ kind: 'prize', prize: '4821' });
    expect(cell('2026-11-23', 15)).toEqual({ kind: 'upcoming' });
    expect(cell('2026-11-23', 23)).toEqual({ kind: 'upcoming' });
    expect(cell('2026-11-23', 13)).toEqual({ kind: 'missing' });
    expect(cell('2026-11-22', 23)).toEqual({ kind: 'prize', prize: '0007' });
  });

  it('shows the draw moment as drawing, and a missed draw only after the drawing window', () => {
    const at = (iso: string) => gridCells([], zone, new Date(iso)).cell('2026-11-23', 14);
    expect(at('2026-11-23T07:29:59Z')).toEqual({ kind: 'upcoming' }); // 14:29:59 in Bangkok
    expect(at('2026-11-23T07:30:00Z')).toEqual({ kind: 'drawing' });
    expect(at('2026-11-23T07:31:59Z')).toEqual({ kind: 'drawing' });
    expect(at('2026-11-23T07:32:00Z')).toEqual({ kind: 'missing' });
  });

  it('shows a late draw after the beacon switch as waiting for its round, never as missing', () => {
    const at = (iso: string, since: string | null) =>
      gridCells([], zone, new Date(iso), since).cell('2026-11-23', 14);
    expect(at('2026-11-23T07:31:00Z', '2026-11-23T00:00:00Z')).toEqual({ kind: 'drawing' });
    expect(at('2026-11-23T07:45:00Z', '2026-11-23T00:00:00Z')).toEqual({ kind: 'waiting' });
    // Before the switch (or with none), a draw past its window is missed, as ADR 012 has it.
    expect(at('2026-11-23T07:45:00Z', '2026-11-23T08:00:00Z')).toEqual({ kind: 'missing' });
    expect(at('2026-11-23T07:45:00Z', null)).toEqual({ kind: 'missing' });
  });
});

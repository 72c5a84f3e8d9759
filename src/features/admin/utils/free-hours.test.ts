import { describe, expect, it } from 'vitest';
import { DRAW_HOURS, freeHours, reconcileHour } from './free-hours';

describe('freeHours', () => {
  it('offers all 24 hours on an empty day', () => {
    expect(freeHours([])).toEqual(DRAW_HOURS);
    expect(DRAW_HOURS).toHaveLength(24);
  });

  it('leaves out the hours that already have a result, whatever their order', () => {
    expect(freeHours([23, 0, 5, 5])).toEqual(DRAW_HOURS.filter((h) => ![0, 5, 23].includes(h)));
  });

  it('is empty when every hour is taken', () => {
    expect(freeHours([...DRAW_HOURS].reverse())).toEqual([]);
  });
});

describe('reconcileHour', () => {
  it('keeps the chosen hour while it is still free', () => {
    expect(reconcileHour(7, [3, 7, 9])).toBe(7);
  });

  it('moves to the first free hour when the chosen one was taken', () => {
    expect(reconcileHour(3, [4, 7])).toBe(4);
  });

  it('picks the first free hour when nothing is chosen yet', () => {
    expect(reconcileHour(null, [2, 3])).toBe(2);
  });

  it('holds nothing when the day is full', () => {
    expect(reconcileHour(5, [])).toBeNull();
  });

  it('keeps a taken choice when told to (a prize is typed for it)', () => {
    expect(reconcileHour(3, [4, 7], true)).toBe(3);
    expect(reconcileHour(null, [4, 7], true)).toBe(4);
  });
});

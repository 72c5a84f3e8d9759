import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resultRow } from '@/lib/results/test/fixtures';
import { usePublishedOnly } from './use-published-only';

const zone = 'Asia/Bangkok'; // UTC+7
const rows = [resultRow('2024-05-01', 14, '4321'), resultRow('2024-05-01', 13, '1234')];

describe('usePublishedOnly', () => {
  it('drops the rows whose draw time (on the lottery clock) has not come, then keeps them', () => {
    const { result, rerender } = renderHook(({ now }) => usePublishedOnly(rows, zone, now), {
      initialProps: { now: new Date('2024-05-01T07:29:59Z') }, // 14:29:59 in Bangkok
    });
    expect(result.current?.map((row) => row.first_prize)).toEqual(['1234']);

    rerender({ now: new Date('2024-05-01T07:30:00Z') }); // 14:30, the draw time
    expect(result.current?.map((row) => row.first_prize)).toEqual(['4321', '1234']);
  });

  it('leaves a list that has not loaded as not loaded', () => {
    const { result } = renderHook(() => usePublishedOnly(undefined, zone, new Date()));
    expect(result.current).toBeUndefined();
  });
});

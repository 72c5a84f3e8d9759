import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLICATION_GRACE_MS, useRefetchAfterDraw } from './use-refetch-after-draw';

describe('useRefetchAfterDraw', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refetches once, shortly after the next draw moves on, and not on mount', () => {
    const refetch = vi.fn();
    const { rerender } = renderHook(({ at }) => useRefetchAfterDraw(at, refetch), {
      initialProps: { at: 1000 },
    });
    vi.advanceTimersByTime(10_000);
    expect(refetch).not.toHaveBeenCalled();

    rerender({ at: 3_601_000 });
    vi.advanceTimersByTime(PUBLICATION_GRACE_MS - 1);
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refetch).toHaveBeenCalledTimes(1);

    rerender({ at: 3_601_000 });
    vi.advanceTimersByTime(10_000);
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});

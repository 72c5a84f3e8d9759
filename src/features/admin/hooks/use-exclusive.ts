import { useCallback, useRef } from 'react';

/**
 * Runs one task at a time and drops calls made meanwhile. React Query reports `isPending` a tick
 * after `mutate` (its notifier batches with setTimeout), so the second click of a double click
 * still sees an enabled button: this ref is the guard that holds synchronously.
 */
export function useExclusive() {
  const running = useRef(false);
  return useCallback(async <T>(task: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    try {
      return await task();
    } finally {
      running.current = false;
    }
  }, []);
}

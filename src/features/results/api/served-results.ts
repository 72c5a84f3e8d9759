import type { QueryClient } from '@tanstack/react-query';
import type { LotteryResult } from '@/lib/types';
import { resultsByDateKey } from './get-results-by-date';

/** The element the stack serves a day's rows in (server/src/static/served-results.ts). */
const SERVED_RESULTS_ID = 'lotto24-results';

interface ServedDay {
  date: string;
  readAt: number;
  rows: LotteryResult[];
}

/**
 * Seeds the day list the stack served with the page (ADR 029), so the first render shows its rows
 * without a read of its own. Dated as read (`readAt`): History's list is then fresh for its stale
 * time, and Today's live channel still reads once on joining, which catches whatever changed
 * between the server's read and the subscription. Read once: a later visit to the same day in
 * this page reads as usual.
 */
export function seedServedResults(queryClient: QueryClient): void {
  const element = document.getElementById(SERVED_RESULTS_ID);
  if (!element) return;
  element.remove();
  try {
    const day = JSON.parse(element.textContent ?? '') as ServedDay;
    if (typeof day.date !== 'string' || !Array.isArray(day.rows)) return;
    queryClient.setQueryData([...resultsByDateKey, day.date], day.rows, {
      updatedAt: Number(day.readAt) || 0,
    });
  } catch {
    // Not what the stack writes: the page reads its day as it would without it.
  }
}

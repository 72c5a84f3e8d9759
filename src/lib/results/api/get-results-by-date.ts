import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { boundedRead } from '@/lib/bounded-read';
import { getReader } from '@/lib/supabase';
import type { LotteryResult } from '@/lib/types';

declare global {
  interface Window {
    /**
     * What index.html brought for one day (ADR 029; scripts/vite-prefetch-day.ts): the rows the
     * stack served in the page, read at `readAt`, or the read it started in parallel with the
     * main chunk where nothing served them (a static deploy). Taken once.
     */
    __LOTTO24_DAY__?: {
      date: string;
      readAt?: number;
      rows: LotteryResult[] | Promise<LotteryResult[] | null>;
    };
  }
}

/**
 * Seeds the day the stack served with the page before the first render, so Today and History
 * paint its rows at once, with no read of their own. Dated as read: History's list is then fresh
 * for its stale time, and Today's live channel still reads once on joining, which catches what
 * changed between the server's read and the subscription.
 */
export function seedServedDay(queryClient: QueryClient): void {
  const day = window.__LOTTO24_DAY__;
  if (!Array.isArray(day?.rows)) return;
  window.__LOTTO24_DAY__ = undefined;
  queryClient.setQueryData([...resultsByDateKey, day.date], day.rows, { updatedAt: day.readAt });
}

/** The product's list query: one day's results, newest hour first. */
export async function getResultsByDate(
  date: string,
  signal?: AbortSignal,
): Promise<LotteryResult[]> {
  // The read index.html started for this day, once; a failed one is read again here.
  const early = window.__LOTTO24_DAY__;
  if (early?.date === date) {
    window.__LOTTO24_DAY__ = undefined;
    const rows = await early.rows;
    if (rows) return rows;
  }
  const supabase = await getReader();
  const { data, error } = await boundedRead(signal, (bounded) =>
    supabase
      .from('lottery_results')
      .select('*')
      .eq('draw_date', date)
      .order('draw_hour', { ascending: false })
      .retry(false)
      .abortSignal(bounded),
  );
  if (error) throw error;
  return data;
}

/** Every day's list lives under this prefix, so realtime events can reach all of them. */
export const resultsByDateKey = ['results', 'by-date'] as const;

export const getResultsByDateQueryOptions = (date: string) =>
  queryOptions({
    queryKey: [...resultsByDateKey, date] as const,
    queryFn: ({ signal }) => getResultsByDate(date, signal),
    // Offline the read still runs once, so the copy kept for offline use can answer it
    // (src/lib/offline-fetch.ts); only its retries wait for the network.
    networkMode: 'offlineFirst',
  });

export function useResultsByDate({ date, live = false }: { date: string; live?: boolean }) {
  return useQuery({
    ...getResultsByDateQueryOptions(date),
    // A live list is kept current by realtime events and refetched only to recover.
    staleTime: live ? Infinity : 60_000,
  });
}

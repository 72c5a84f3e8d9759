import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { LotteryResult } from '@/lib/types';

/** The spec's list query: one day's results, newest hour first. */
export async function getResultsByDate(
  date: string,
  signal?: AbortSignal,
): Promise<LotteryResult[]> {
  const supabase = await getSupabase();
  let query = supabase
    .from('lottery_results')
    .select('*')
    .eq('draw_date', date)
    .order('draw_hour', { ascending: false });
  // A cancelled read (a live change made it stale) stops on the wire too.
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

/** Every day's list lives under this prefix, so realtime events can reach all of them. */
export const resultsByDateKey = ['results', 'by-date'] as const;

export const getResultsByDateQueryOptions = (date: string) =>
  queryOptions({
    queryKey: [...resultsByDateKey, date] as const,
    queryFn: ({ signal }) => getResultsByDate(date, signal),
  });

export function useResultsByDate({ date, live = false }: { date: string; live?: boolean }) {
  return useQuery({
    ...getResultsByDateQueryOptions(date),
    // A live list is kept current by realtime events and refetched only to recover.
    staleTime: live ? Infinity : 60_000,
  });
}

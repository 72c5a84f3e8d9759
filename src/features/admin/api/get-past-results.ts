import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LotteryResult } from '@/lib/types';
import { getSupabase } from '@/lib/supabase';
import { adminQueryKey } from './query-keys';

export const PAST_RESULTS_LIMIT = 50;

/** Optional yyyy-MM-dd bounds, both inclusive. */
export type PastResultsFilter = { from?: string; to?: string };

export function isFiltered(filter: PastResultsFilter): boolean {
  return Boolean(filter.from || filter.to);
}

/** Newest first; without a filter only the latest 50, as the spec's label promises. */
export async function getPastResults(filter: PastResultsFilter): Promise<LotteryResult[]> {
  const supabase = await getSupabase();
  let query = supabase
    .from('lottery_results')
    .select('*')
    .order('draw_date', { ascending: false })
    .order('draw_hour', { ascending: false });
  if (filter.from) query = query.gte('draw_date', filter.from);
  if (filter.to) query = query.lte('draw_date', filter.to);
  if (!isFiltered(filter)) query = query.limit(PAST_RESULTS_LIMIT);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

export function pastResultsQueryOptions(filter: PastResultsFilter) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'past-results', { from: filter.from, to: filter.to }],
    queryFn: () => getPastResults(filter),
    // Keep showing the old list while a new filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function usePastResults(filter: PastResultsFilter) {
  return useQuery(pastResultsQueryOptions(filter));
}

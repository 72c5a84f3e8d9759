import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LotteryResult } from '@/lib/types';
import { getSupabase } from '@/lib/supabase';
import { publishedFilter, scheduledFilter, type PublishedCutoff } from '../utils/published-cutoff';
import { adminQueryKey } from './query-keys';

export const PAST_RESULTS_LIMIT = 50;

/** Optional yyyy-MM-dd bounds, both inclusive. */
export type PastResultsFilter = { from?: string; to?: string };

export function isFiltered(filter: PastResultsFilter): boolean {
  return Boolean(filter.from || filter.to);
}

/** A From after its To: no date can match, so nothing is asked (the list says why). */
export function isReversed(filter: PastResultsFilter): boolean {
  return Boolean(filter.from && filter.to && filter.from > filter.to);
}

/** Newest first; without a filter only the latest 50, as the product's label promises. */
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

export function usePastResults(filter: PastResultsFilter, options: { enabled?: boolean } = {}) {
  return useQuery({ ...pastResultsQueryOptions(filter), enabled: options.enabled ?? true });
}

export type LatestResults = { published: LotteryResult[]; scheduled: LotteryResult[] };

/**
 * The unfiltered view: the latest 50 published results, newest first, and apart from them the
 * scheduled ones, soonest first. One list of the 50 newest would show only scheduled rows once
 * an admin generates the coming weeks, hiding what the public sees.
 */
export async function getLatestResults(cutoff: PublishedCutoff): Promise<LatestResults> {
  const supabase = await getSupabase();
  const [published, scheduled] = await Promise.all([
    supabase
      .from('lottery_results')
      .select('*')
      .or(publishedFilter(cutoff))
      .order('draw_date', { ascending: false })
      .order('draw_hour', { ascending: false })
      .limit(PAST_RESULTS_LIMIT),
    supabase
      .from('lottery_results')
      .select('*')
      .or(scheduledFilter(cutoff))
      .order('draw_date', { ascending: true })
      .order('draw_hour', { ascending: true })
      .limit(PAST_RESULTS_LIMIT),
  ]);
  if (published.error) throw published.error;
  if (scheduled.error) throw scheduled.error;
  return { published: published.data, scheduled: scheduled.data };
}

export function useLatestResults(cutoff: PublishedCutoff, options: { enabled: boolean }) {
  return useQuery({
    // The cutoff is in the key: when a draw time passes, its row moves to the published list.
    queryKey: [...adminQueryKey, 'latest-results', cutoff.date, cutoff.hour],
    queryFn: () => getLatestResults(cutoff),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

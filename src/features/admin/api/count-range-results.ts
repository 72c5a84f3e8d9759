import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { DateRange } from '../utils/date-range';
import { publishedFilter, type PublishedCutoff } from '../utils/published-cutoff';
import { adminQueryKey } from './query-keys';

/** What a range holds now, as the database counts it. */
export interface RangeCount {
  /** Results from `from` to `to` (an admin reads every one, scheduled included). */
  results: number;
  /** Of those, the ones whose draw time has come: deleting them leaves a public trace. */
  published: number;
}

/**
 * Two exact counts with no rows (`HEAD`, `Prefer: count=exact`): the range dialogs say how many
 * results an action will touch from what the database holds, not from what the page has loaded.
 */
export async function countRangeResults(
  { from, to }: DateRange,
  cutoff: PublishedCutoff,
): Promise<RangeCount> {
  const supabase = await getSupabase();
  const inRange = () =>
    supabase
      .from('lottery_results')
      .select('id', { count: 'exact', head: true })
      .gte('draw_date', from)
      .lte('draw_date', to);
  const [all, published] = await Promise.all([inRange(), inRange().or(publishedFilter(cutoff))]);
  if (all.error) throw all.error;
  if (published.error) throw published.error;
  return { results: all.count ?? 0, published: published.count ?? 0 };
}

export type RangeCountQuery = { data: RangeCount | undefined; isError: boolean };

/** Counts `range` while a dialog asks about it (null: nothing to count); every opening counts afresh. */
export function useRangeCount(range: DateRange | null, cutoff: PublishedCutoff): RangeCountQuery {
  return useQuery({
    queryKey: [...adminQueryKey, 'range-count', range?.from, range?.to, cutoff] as const,
    queryFn: () => countRangeResults(range!, cutoff),
    enabled: range !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

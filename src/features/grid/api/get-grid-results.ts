import { queryOptions, useQuery } from '@tanstack/react-query';
import { getReader } from '@/lib/supabase';
import { DRAWS_PER_DAY } from '@/lib/lottery-clock';
import type { GridDraw } from '../utils/grid-days';

/** As the results lists: a read that hangs says it failed rather than spinning for ever. */
const READ_TIMEOUT_MS = 10_000;

/** Every published draw from `from` to `to` (inclusive), only the columns the grid shows. */
export async function getGridResults(
  from: string,
  to: string,
  days: number,
  signal?: AbortSignal,
): Promise<GridDraw[]> {
  const supabase = await getReader();
  const bounded = new AbortController();
  const timer = setTimeout(() => bounded.abort(), READ_TIMEOUT_MS);
  const cancel = () => bounded.abort();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    const { data, error } = await supabase
      .from('lottery_results')
      .select('draw_date, draw_hour, first_prize')
      .gte('draw_date', from)
      .lte('draw_date', to)
      .order('draw_date', { ascending: false })
      .order('draw_hour', { ascending: true })
      // At most one row per cell: the unique (draw_date, draw_hour) says so.
      .limit(days * DRAWS_PER_DAY)
      .retry(false)
      .abortSignal(bounded.signal);
    if (error) throw error;
    return data;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

export const getGridResultsQueryOptions = (from: string, to: string, days: number) =>
  queryOptions({
    queryKey: ['grid', from, to] as const,
    queryFn: ({ signal }) => getGridResults(from, to, days, signal),
    staleTime: 60_000,
  });

export function useGridResults({ from, to, days }: { from: string; to: string; days: number }) {
  return useQuery(getGridResultsQueryOptions(from, to, days));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { boundedRead } from '@/lib/bounded-read';
import { getReader } from '@/lib/supabase';
import { DRAWS_PER_DAY } from '@/shared/lottery-clock';
import type { GridDraw } from '../utils/grid-days';

/** Every published draw from `from` to `to` (inclusive), only the columns the grid shows. */
export async function getGridResults(
  from: string,
  to: string,
  days: number,
  signal?: AbortSignal,
): Promise<GridDraw[]> {
  const supabase = await getReader();
  const { data, error } = await boundedRead(signal, (bounded) =>
    supabase
      .from('lottery_results')
      .select('draw_date, draw_hour, first_prize')
      .gte('draw_date', from)
      .lte('draw_date', to)
      .order('draw_date', { ascending: false })
      .order('draw_hour', { ascending: true })
      // At most one row per cell: the unique (draw_date, draw_hour) says so.
      .limit(days * DRAWS_PER_DAY)
      .retry(false)
      .abortSignal(bounded),
  );
  if (error) throw error;
  return data;
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

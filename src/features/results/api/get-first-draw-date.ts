import { queryOptions, useQuery } from '@tanstack/react-query';
import { DRAW_DATES } from '@/shared/draw-date-range';
import { getReader } from '@/lib/supabase';

/**
 * The day of the earliest published draw, or `null` when there is none: History says where its
 * data starts. One probe of the unique (draw_date, draw_hour) index; row-level security makes it
 * the earliest a visitor may see. Rows stored outside the draw date range (ADR 020) are left out.
 */
export async function getFirstDrawDate(): Promise<string | null> {
  const supabase = await getReader();
  const { data, error } = await supabase
    .from('lottery_results')
    .select('draw_date')
    .gte('draw_date', DRAW_DATES.first)
    .order('draw_date', { ascending: true })
    .limit(1)
    .retry(false);
  if (error) throw error;
  return data[0]?.draw_date ?? null;
}

export const getFirstDrawDateQueryOptions = () =>
  queryOptions({
    queryKey: ['results', 'first-date'] as const,
    queryFn: getFirstDrawDate,
    // The first day moves only when an admin adds or deletes the oldest results.
    staleTime: 60 * 60_000,
  });

export const useFirstDrawDate = () => useQuery(getFirstDrawDateQueryOptions());

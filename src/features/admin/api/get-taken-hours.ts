import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminQueryKey } from './query-keys';

/** The hours of `drawDate` (yyyy-MM-dd) that already have a result. */
export async function getTakenHours(drawDate: string): Promise<number[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('lottery_results')
    .select('draw_hour')
    .eq('draw_date', drawDate);
  if (error) throw error;
  return data.map((row) => row.draw_hour);
}

export function takenHoursQueryOptions(drawDate: string) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'taken-hours', drawDate],
    queryFn: () => getTakenHours(drawDate),
    // Another admin may fill hours meanwhile; the insert's unique constraint is the real guard.
    staleTime: 0,
  });
}

export function useTakenHours(drawDate: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...takenHoursQueryOptions(drawDate), enabled: options.enabled ?? true });
}

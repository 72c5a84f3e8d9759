import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { DateRange } from '../utils/date-range';
import { refreshAfterResultChange } from './query-keys';

/** Deletes every result from `from` to `to` (yyyy-MM-dd, inclusive). */
export async function deleteResultsRange({ from, to }: DateRange): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('lottery_results')
    .delete()
    .gte('draw_date', from)
    .lte('draw_date', to);
  if (error) throw error;
}

export function useDeleteResultsRange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResultsRange,
    onSettled: () => refreshAfterResultChange(queryClient),
  });
}

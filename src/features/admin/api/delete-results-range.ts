import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { DateRange } from '../utils/date-range';
import { refreshAfterResultChange } from './query-keys';

/**
 * Deletes every result from `from` to `to` (yyyy-MM-dd, inclusive) and answers how many rows the
 * database removed (`Prefer: count=exact`), which may differ from the count the dialog showed if
 * another admin changed the range meanwhile.
 */
export async function deleteResultsRange({ from, to }: DateRange): Promise<number> {
  const supabase = await getSupabase();
  const { error, count } = await supabase
    .from('lottery_results')
    .delete({ count: 'exact' })
    .gte('draw_date', from)
    .lte('draw_date', to);
  if (error) throw error;
  return count ?? 0;
}

export function useDeleteResultsRange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResultsRange,
    onSettled: () => refreshAfterResultChange(queryClient),
  });
}

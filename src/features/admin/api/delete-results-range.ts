import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { DateRange } from '../utils/date-range';
import { refreshAfterResultChange } from './query-keys';
import { explainIfBelowAal2 } from './write-guard';

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
  if (error?.code === '42501') await explainIfBelowAal2();
  if (error) throw error;
  // Nothing removed at aal1 is the policies' refusal (write-guard.ts), not an empty range.
  if (!count) await explainIfBelowAal2();
  return count ?? 0;
}

export function useDeleteResultsRange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResultsRange,
    onSettled: () => refreshAfterResultChange(queryClient),
  });
}

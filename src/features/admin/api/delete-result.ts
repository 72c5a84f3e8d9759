import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { refreshAfterResultChange } from './query-keys';
import { explainIfBelowAal2 } from './write-guard';

/**
 * A result already gone counts as deleted; the rows back tell that apart from a delete the
 * policies refused at aal1 (write-guard.ts), which PostgREST also answers with success.
 */
export async function deleteResult(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('lottery_results').delete().eq('id', id).select('id');
  if (error?.code === '42501') await explainIfBelowAal2();
  if (error) throw error;
  if (data.length === 0) await explainIfBelowAal2();
}

export function useDeleteResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResult,
    onSettled: () => refreshAfterResultChange(queryClient),
  });
}

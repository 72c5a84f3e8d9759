import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { refreshAfterResultChange } from './query-keys';
import { RESULT_GONE } from '../utils/error-message';
import { explainIfBelowAal2 } from './write-guard';

export type ResultUpdate = { id: string; firstPrize: string };

/**
 * updated_by is stamped by the database. Asking for the row back tells a no-op (the result was
 * deleted meanwhile, which PostgREST reports as success) from a real update.
 */
export async function updateResult({ id, firstPrize }: ResultUpdate): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('lottery_results')
    .update({ first_prize: firstPrize })
    .eq('id', id)
    .select('id');
  if (error?.code === '42501') await explainIfBelowAal2();
  if (error) throw error;
  // At aal1 the policies hide every row from an update (write-guard.ts).
  if (data.length === 0) await explainIfBelowAal2();
  if (data.length === 0)
    throw Object.assign(new Error('This result no longer exists'), { code: RESULT_GONE });
}

export function useUpdateResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResult,
    onSettled: () => refreshAfterResultChange(queryClient),
  });
}

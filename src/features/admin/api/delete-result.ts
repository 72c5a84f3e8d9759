import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { refreshAfterResultChange } from './query-keys';

export async function deleteResult(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('lottery_results').delete().eq('id', id);
  if (error) throw error;
}

export function useDeleteResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResult,
    onSettled: () => refreshAfterResultChange(queryClient),
  });
}

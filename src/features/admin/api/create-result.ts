import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { refreshAfterResultChange } from './query-keys';
import { explainIfBelowAal2 } from './write-guard';

export type NewResult = {
  drawDate: string;
  drawHour: number;
  drawTime: string;
  firstPrize: string;
};

/** created_by is not sent: the database stamps it from the caller's JWT. */
export async function createResult(result: NewResult): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('lottery_results').insert({
    draw_date: result.drawDate,
    draw_hour: result.drawHour,
    draw_time: result.drawTime,
    first_prize: result.firstPrize,
  });
  if (error?.code === '42501') await explainIfBelowAal2();
  if (error) throw error;
}

export function useCreateResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createResult,
    // A clash means another admin took the hour: refresh on failure too, so the select drops it.
    onSettled: () => refreshAfterResultChange(queryClient),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getReader } from '@/lib/supabase';
import type { WithdrawnResult } from '@/lib/types';

/**
 * The most traces a draw page shows. An operator who withdraws one draw's result more often than
 * this has a bigger problem than the page; the newest are the ones a visitor may have seen.
 */
export const WITHDRAWN_SHOWN = 20;

/**
 * The results once published for a draw and then withdrawn (ADR 024), newest first. Row-level
 * security shows only traces of published draws, to an admin as to a visitor.
 */
export async function getWithdrawnResults(date: string, hour: number): Promise<WithdrawnResult[]> {
  const supabase = await getReader();
  const { data, error } = await supabase
    .from('withdrawn_results')
    .select('*')
    .eq('draw_date', date)
    .eq('draw_hour', hour)
    .order('withdrawn_at', { ascending: false })
    .limit(WITHDRAWN_SHOWN);
  if (error) throw error;
  return data;
}

/**
 * `revision` names the draw's current result (its id and updated_at, or none): the live channel
 * removes a deleted row from the day's list, which changes it and reads the traces again, so no
 * channel of its own is needed.
 */
export const getWithdrawnResultsQueryOptions = (date: string, hour: number, revision: string) =>
  queryOptions({
    queryKey: ['withdrawn-results', date, hour, revision] as const,
    queryFn: () => getWithdrawnResults(date, hour),
    staleTime: 60_000,
  });

export interface WithdrawnArgs {
  date: string;
  hour: number;
  revision: string;
  /** False while the draw is ahead: nothing can have been withdrawn from it yet. */
  enabled: boolean;
}

export function useWithdrawnResults({ date, hour, revision, enabled }: WithdrawnArgs) {
  return useQuery({ ...getWithdrawnResultsQueryOptions(date, hour, revision), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MatchKind } from '@/lib/check-number';
import { getSupabase } from '@/lib/supabase';

/** A long read says it failed rather than spinning: the same bound as the results pages. */
const READ_TIMEOUT_MS = 10_000;

export interface MatchedDraw {
  draw_date: string;
  draw_hour: number;
  first_prize: string;
}

export interface MatchPage {
  draws: MatchedDraw[];
  /** Every published draw of this tier, beyond the page too. */
  total: number;
}

/**
 * One tier of matches for `n`, newest first, the first `limit` of them and their count: the
 * database answers from its suffix indexes and repeats the publication rule (ADR 003).
 */
export async function checkNumber(
  n: string,
  kind: MatchKind,
  limit: number,
  signal?: AbortSignal,
): Promise<MatchPage> {
  const supabase = await getSupabase();
  const bounded = AbortSignal.any([
    AbortSignal.timeout(READ_TIMEOUT_MS),
    ...(signal ? [signal] : []),
  ]);
  const { data, count, error } = await supabase
    .rpc('check_number', { n, kind }, { count: 'exact', get: true })
    .select('draw_date,draw_hour,first_prize')
    .order('draw_date', { ascending: false })
    .order('draw_hour', { ascending: false })
    .range(0, limit - 1)
    // One retry (React Query's) is enough; postgrest-js would add three of its own.
    .retry(false)
    .abortSignal(bounded);
  if (error) throw error;
  return { draws: data as MatchedDraw[], total: count ?? data.length };
}

export const checkNumberQueryOptions = (n: string, kind: MatchKind, limit: number) =>
  queryOptions({
    queryKey: ['check', n, kind, limit] as const,
    queryFn: ({ signal }) => checkNumber(n, kind, limit, signal),
    // Published draws only change once an hour; a minute of reuse spares Back/Forward a read.
    staleTime: 60_000,
  });

export function useCheckNumber(n: string, kind: MatchKind, limit: number) {
  return useQuery({
    ...checkNumberQueryOptions(n, kind, limit),
    // "Show more" keeps the rows already shown while the longer page loads; another number
    // never shows this one's rows.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === n && previousQuery.queryKey[2] === kind ? previous : undefined,
  });
}

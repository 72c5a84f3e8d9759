import { queryOptions, useQuery } from '@tanstack/react-query';
import { MATCH_KINDS, type MatchKind } from '@/shared/check-number';
import { boundedRead } from '@/lib/bounded-read';
import { getReader } from '@/lib/supabase';

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

export type MatchPages = Record<MatchKind, MatchPage>;

/**
 * The newest `perTier` matches of each tier for `n` (or of `kind` alone) and each tier's count,
 * in one call: the database looks the matching prizes up in one index and repeats the
 * publication rule (ADR 003).
 */
export async function checkNumber(
  n: string,
  kind: MatchKind | undefined,
  perTier: number,
  signal?: AbortSignal,
): Promise<MatchPages> {
  const supabase = await getReader();
  const { data, error } = await boundedRead(signal, (bounded) =>
    supabase
      .rpc('check_number', { n, per_tier: perTier, ...(kind ? { kind } : {}) }, { get: true })
      .retry(false)
      .abortSignal(bounded),
  );
  if (error) throw error;
  const pages = Object.fromEntries(
    MATCH_KINDS.map((tier) => [tier, { draws: [], total: 0 }]),
  ) as unknown as MatchPages;
  // Generated types call every column of a returned table nullable; these never are.
  const rows = data as Array<MatchedDraw & { match: MatchKind; total: number }>;
  for (const row of rows) {
    const page = pages[row.match];
    page.total = row.total;
    page.draws.push({
      draw_date: row.draw_date,
      draw_hour: row.draw_hour,
      first_prize: row.first_prize,
    });
  }
  return pages;
}

export const checkNumberQueryOptions = (n: string, kind: MatchKind | undefined, perTier: number) =>
  queryOptions({
    queryKey: ['check', n, kind ?? 'all', perTier] as const,
    queryFn: ({ signal }) => checkNumber(n, kind, perTier, signal),
    // Published draws only change once an hour; a minute of reuse spares Back/Forward a read.
    staleTime: 60_000,
  });

export function useCheckNumber(
  n: string,
  kind: MatchKind | undefined,
  perTier: number,
  enabled = true,
) {
  return useQuery({
    ...checkNumberQueryOptions(n, kind, perTier),
    enabled,
    // "Show more" keeps the rows already shown while the longer page loads; another number
    // never shows this one's rows.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === n && previousQuery.queryKey[2] === (kind ?? 'all')
        ? previous
        : undefined,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { boundedRead } from '@/lib/bounded-read';
import { getReader } from '@/lib/supabase';
import type { StatsPeriod } from '@/shared/stats-period';

export interface EndingStat {
  /** A two-digit ending, `00` to `99`. */
  number: string;
  count: number;
  last_date: string | null;
  last_hour: number | null;
}

/** public.draw_stats' document (supabase/migrations/20250601000710_draw_stats.sql). */
export interface DrawStats {
  period: StatsPeriod;
  /** First day counted (lottery clock); `null` for all time. */
  from: string | null;
  to: string;
  draws: number;
  /** positions[p][d]: how often digit d fell in position p (0 = thousands). */
  positions: number[][];
  chi_squared: {
    positions: Array<number | null>;
    position_df: number;
    total: number | null;
    total_df: number;
  };
  hot: EndingStat[];
  cold: EndingStat[];
  longest_not_drawn: EndingStat[];
}

/** Aggregated in SQL over published draws only (row-level security and the function's own rule). */
export async function getDrawStats(period: StatsPeriod, signal?: AbortSignal): Promise<DrawStats> {
  const supabase = await getReader();
  const { data, error } = await boundedRead(signal, (bounded) =>
    supabase.rpc('draw_stats', { period }, { get: true }).retry(false).abortSignal(bounded),
  );
  if (error) throw error;
  return data as unknown as DrawStats;
}

export const drawStatsQueryOptions = (period: StatsPeriod) =>
  queryOptions({
    queryKey: ['stats', period] as const,
    queryFn: ({ signal }) => getDrawStats(period, signal),
    // New draws arrive hourly; a minute of reuse spares the period switch and Back a read.
    staleTime: 60_000,
  });

export function useDrawStats(period: StatsPeriod) {
  return useQuery(drawStatsQueryOptions(period));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { DRAWS_PER_DAY } from '@/shared/lottery-clock';
import { getReader } from '@/lib/supabase';

/** `yyyy-MM` of a `yyyy-MM-dd` day: the calendar month the picker shows. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The first and last day of a `yyyy-MM` month (the last by the calendar, leap years too). */
export function monthBounds(month: string): { first: string; last: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}` };
}

/**
 * The days of one month that have a published draw, for the History calendar's marks. One
 * bounded read of the unique (draw_date, draw_hour) index: at most every hour of the month
 * (PostgREST has no `distinct`, and a few KB is cheaper than a function of our own).
 */
export async function getDaysWithResults(month: string): Promise<string[]> {
  const { first, last } = monthBounds(month);
  const supabase = await getReader();
  const { data, error } = await supabase
    .from('lottery_results')
    .select('draw_date')
    .gte('draw_date', first)
    .lte('draw_date', last)
    .order('draw_date', { ascending: true })
    .limit(31 * DRAWS_PER_DAY)
    .retry(false);
  if (error) throw error;
  return [...new Set(data.map((row) => row.draw_date))];
}

export const getDaysWithResultsQueryOptions = (month: string) =>
  queryOptions({
    queryKey: ['results', 'days-with-results', month] as const,
    queryFn: () => getDaysWithResults(month),
    staleTime: 5 * 60_000,
  });

/** Read only while the calendar is open (`enabled`): the first load never waits for it. */
export const useDaysWithResults = (month: string, enabled: boolean) =>
  useQuery({ ...getDaysWithResultsQueryOptions(month), enabled });

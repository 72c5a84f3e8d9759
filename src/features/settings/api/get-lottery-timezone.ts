import { queryOptions, useQuery } from '@tanstack/react-query';
import { getReader } from '@/lib/supabase';

/** Reads the timezone from the settings singleton when the page was served without one. */
export async function getLotteryTimezone(): Promise<string> {
  const supabase = await getReader();
  const { data, error } = await supabase.from('lottery_settings').select('timezone').single();
  if (error) throw error;
  return data.timezone;
}

export const lotteryTimezoneQueryOptions = () =>
  queryOptions({
    queryKey: ['lottery-settings', 'timezone'],
    queryFn: getLotteryTimezone,
    staleTime: Infinity,
  });

export function useLotteryTimezoneSetting(options: { enabled: boolean }) {
  return useQuery({ ...lotteryTimezoneQueryOptions(), enabled: options.enabled });
}

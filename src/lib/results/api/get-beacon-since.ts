import { queryOptions, useQuery } from '@tanstack/react-query';
import { getReader } from '@/lib/supabase';

/**
 * lottery_settings.beacon_since (ADR 023): the public moment draws switched to the randomness
 * beacon, or null. A draw at or after it that is past its drawing window without a result is
 * waiting for the beacon, never "no result". A project from before migration 20250601001300 has
 * no such column (42703): null.
 */
export async function getBeaconSince(): Promise<string | null> {
  const supabase = await getReader();
  const { data, error } = await supabase
    .from('lottery_settings')
    .select('beacon_since')
    .maybeSingle();
  if (error?.code === '42703') return null;
  if (error) throw error;
  return data?.beacon_since ?? null;
}

export const beaconSinceQueryOptions = queryOptions({
  queryKey: ['beacon-since'] as const,
  queryFn: getBeaconSince,
  // It changes once, when an operator switches: a page reads it again on its next visit.
  staleTime: 10 * 60_000,
});

/** `undefined` while loading: a page then treats a late draw as it did before the switch. */
export function useBeaconSince(): string | null | undefined {
  return useQuery(beaconSinceQueryOptions).data;
}

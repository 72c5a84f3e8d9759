import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeWhenLoaded } from '@/lib/supabase';
import { adminQueryKey } from './query-keys';

let channelCount = 0;

/**
 * Events arriving within this window refetch once. A range action sends one event per row (48 for
 * two generated days, 8,784 for a year deleted), and refetching every list on each one kept the
 * dashboard refetching for seconds, and the admin's toast waiting behind it.
 */
export const ADMIN_REFRESH_COALESCE_MS = 150;

/**
 * Keeps the dashboard's lists (free hours, Past Results) in step with changes other admins make:
 * any change to `lottery_results` refetches them, so an hour another admin just filled leaves the
 * hour list before this admin picks it. Admins see every row, scheduled ones included (ADR 003),
 * so every change reaches them; a (re)join refetches once for what a gap may have missed.
 */
export function useAdminRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeWhenLoaded((supabase) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const refreshNow = () => {
          timer = undefined;
          void queryClient.invalidateQueries({ queryKey: adminQueryKey });
        };
        const refresh = () => {
          timer ??= setTimeout(refreshNow, ADMIN_REFRESH_COALESCE_MS);
        };
        // A fresh topic per mount: StrictMode's remount would otherwise get the closing channel.
        channelCount += 1;
        const channel = supabase
          .channel(`admin-results-${channelCount}`)
          .on(
            'postgres_changes',
            { event: '*', schema: 'public', table: 'lottery_results' },
            refresh,
          )
          .subscribe((status, error) => {
            if (status === 'SUBSCRIBED') refresh();
            else if (error) console.error('Admin live channel:', status, error);
          });
        return () => {
          clearTimeout(timer);
          void supabase.removeChannel(channel);
        };
      }),
    [queryClient],
  );
}

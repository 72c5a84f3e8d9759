import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeReaderWhenLoaded, type Reader } from '@/lib/supabase';
import type { LotteryResult } from '@/lib/types';
import { applyResultChange, type ResultChange } from '../apply-result-change';
import { resultsByDateKey } from './get-results-by-date';
import { setLiveStatus } from '../live-status';

let channelCount = 0;

/**
 * Subscribes to every change on `lottery_results` (the live subscription, ADR 006) and applies each
 * event's row to the cached day lists, so no event costs a request. Row-level security decides
 * what the server sends. Whenever the channel (re)joins, events may have been missed, so the
 * lists are refetched once: that is the only refetch this hook causes. `live` false holds no
 * channel (a draw's page of a past day): the page calls the hook either way, as hooks must be.
 */
export function useResultsRealtime(live = true): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!live) return;
    return subscribeReaderWhenLoaded((supabase) => {
      const mounted = { current: true };
      const channel = joinResultsChannel(supabase, queryClient, mounted);
      return () => {
        mounted.current = false;
        setLiveStatus('connecting');
        void supabase.removeChannel(channel);
      };
    });
  }, [queryClient, live]);
}

function joinResultsChannel(
  supabase: Reader,
  queryClient: QueryClient,
  mounted: { current: boolean },
) {
  // A fresh topic per mount: supabase-js hands back an existing channel of the same topic,
  // which StrictMode's unmount/remount would find half-closed. Private: visitors may only
  // receive on it, so nobody's broadcast reaches the others (ADR 008).
  channelCount += 1;
  return supabase
    .channel(`results-live-${channelCount}`, { config: { private: true } })
    .on<LotteryResult>(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'lottery_results' },
      (payload) => {
        const change = payload as unknown as ResultChange;
        for (const [key, list] of queryClient.getQueriesData<LotteryResult[]>({
          queryKey: resultsByDateKey,
        })) {
          const date = key[resultsByDateKey.length];
          if (!list || typeof date !== 'string') continue;
          const next = applyResultChange(list, date, change);
          if (next !== list) queryClient.setQueryData(key, next);
        }
        // A list still loading may have read the table before this change committed: read it
        // again (the event arrives after the commit, so the new read sees it).
        if (queryClient.isFetching({ queryKey: resultsByDateKey }) > 0) {
          void rereadResultLists(queryClient);
        }
      },
    )
    .subscribe((status, error) => {
      // The page says "Reconnecting…" until realtime-js rejoins on its own (it retries); the
      // CLOSED of our own removeChannel is no news.
      if (mounted.current) setLiveStatus(status === 'SUBSCRIBED' ? 'live' : 'reconnecting');
      if (status === 'SUBSCRIBED') {
        void rereadResultLists(queryClient);
      } else if (error) {
        console.error('Live results channel:', status, error);
      }
    });
}

/**
 * Reads every day list again, starting now. A read already under way may predate the change, and
 * invalidating alone would not replace it: React Query joins a list's first read (one with no data
 * yet) instead of restarting it, and that stale answer would stay. So reads under way are
 * cancelled first.
 */
export async function rereadResultLists(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: resultsByDateKey });
  await queryClient.invalidateQueries({ queryKey: resultsByDateKey });
}

import { useEffect, useEffectEvent } from 'react';
import { useOnline, useOnReconnect } from '@/hooks/use-online';
import { useOfflineCopy } from '@/lib/offline-copy';
import type { ConnectionState } from '../components/connection-notice';
import { connectionState } from '../utils/connection-state';

/** The first re-read of a list shown from the offline copy, and the longest wait between two. */
export const COPY_REREAD_FIRST_MS = 2_000;
export const COPY_REREAD_MAX_MS = 16_000;

interface Inputs {
  /** Reads the page's list again. */
  refetch: () => void;
  /** When React Query last had the list from the server. */
  dataUpdatedAt: number;
  /** The live channel is rejoining (Today only). */
  reconnecting?: boolean;
}

/**
 * How current a results page's list is, and the re-reads that make it current again: when the
 * browser comes back online, and, while the list is the offline copy although the browser claims
 * a network (a captive portal, a server down, or a browser that misreports after an offline
 * reload), now and then with a growing pause, since no `online` event will come.
 */
export function useResultsConnection({
  refetch,
  dataUpdatedAt,
  reconnecting,
}: Inputs): ConnectionState {
  const online = useOnline();
  // Events may have been missed while offline, and the channel may not have noticed the outage.
  useOnReconnect(online, refetch);
  const copySavedAt = useOfflineCopy();
  const reread = useEffectEvent(refetch);
  const onCopyOnline = online && copySavedAt !== null;
  useEffect(() => {
    if (!onCopyOnline) return;
    let pause = COPY_REREAD_FIRST_MS;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      reread();
      pause = Math.min(pause * 2, COPY_REREAD_MAX_MS);
      timer = setTimeout(tick, pause);
    };
    timer = setTimeout(tick, pause);
    return () => clearTimeout(timer);
  }, [onCopyOnline]);
  return connectionState({ online, reconnecting, copySavedAt, dataUpdatedAt });
}

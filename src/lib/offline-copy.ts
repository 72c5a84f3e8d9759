import { useSyncExternalStore } from 'react';

/**
 * Whether the results on screen came from the network or from the copy kept for offline use
 * (src/lib/offline-fetch.ts), and when that copy was read: a copy is never shown as live.
 * `null` while the last read of results reached the server.
 */
let savedAt: number | null = null;
const listeners = new Set<() => void>();

export function noteResultsRead(copySavedAt: number | null): void {
  if (copySavedAt === savedAt) return;
  savedAt = copySavedAt;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** When the results shown were last read from the server, if they come from the offline copy. */
export function useOfflineCopy(): number | null {
  return useSyncExternalStore(subscribe, () => savedAt);
}

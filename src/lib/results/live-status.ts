import { useSyncExternalStore } from 'react';

/**
 * The state of the live channel, for the page to say when it is not live. `connecting` until the
 * first join (nothing to say yet), `reconnecting` after an error or close until it joins again.
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

let status: LiveStatus = 'connecting';
const listeners = new Set<() => void>();

export function setLiveStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribe, () => status);
}

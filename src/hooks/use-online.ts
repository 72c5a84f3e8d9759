import { useEffect, useEffectEvent, useRef, useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network (the `online`/`offline` events). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

/** Calls `onBack` each time the browser comes back online after being offline. */
export function useOnReconnect(online: boolean, onBack: () => void): void {
  const wasOnline = useRef(online);
  const back = useEffectEvent(onBack);
  useEffect(() => {
    if (online && !wasOnline.current) back();
    wasOnline.current = online;
  }, [online]);
}

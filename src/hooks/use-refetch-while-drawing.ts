import { useEffect, useEffectEvent } from 'react';

/**
 * While a draw is being made (its time passed, no result yet), read again every few seconds: the
 * automatic draw lands 0-10 s after HH:30 and the live channel may not carry it to every page
 * (the Grid has none; a reconnecting channel misses it). Stops as soon as the result is there or
 * the drawing window closes.
 */
export const DRAWING_POLL_MS = 3000;

export function useRefetchWhileDrawing(drawing: boolean, refetch: () => void): void {
  const onTick = useEffectEvent(refetch);
  useEffect(() => {
    if (!drawing) return;
    const timer = setInterval(() => onTick(), DRAWING_POLL_MS);
    return () => clearInterval(timer);
  }, [drawing]);
}

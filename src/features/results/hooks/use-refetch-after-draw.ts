import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Publishing is the passage of time, not a write, so no realtime event announces it (ADR 003).
 * When the next draw moves on, the previous one was just published: fetch it, a moment later so
 * the database's clock has passed the draw time too.
 */
export const PUBLICATION_GRACE_MS = 1000;

export function useRefetchAfterDraw(nextDrawAt: number, refetch: () => void): void {
  const previous = useRef(nextDrawAt);
  const onDraw = useEffectEvent(refetch);

  useEffect(() => {
    if (previous.current === nextDrawAt) return;
    previous.current = nextDrawAt;
    const timer = setTimeout(() => onDraw(), PUBLICATION_GRACE_MS);
    return () => clearTimeout(timer);
  }, [nextDrawAt]);
}

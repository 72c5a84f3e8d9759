import { useEffect, useState } from 'react';
import { drawingEndsAt, nextDayStart, nextDraw, todayIn, type Draw } from '@/shared/lottery-clock';

export interface DrawClock {
  /** The instant the clock last moved: start-up, a draw, or the lottery's midnight. */
  now: Date;
  /** Today in the lottery timezone. */
  today: string;
  /** The next draw to be published. */
  next: Draw;
}

/**
 * A clock that only ticks when something a page shows can change: at each draw time, when its
 * drawing window closes (a draw still without a result then reads as missing), and at the
 * lottery's midnight (one timer, not one per second), and when the tab becomes visible again
 * after sleeping or being throttled.
 */
export function useDrawClock(timeZone: string): DrawClock {
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    const wake = Math.min(
      nextDraw(timeZone, now).at.getTime(),
      nextDayStart(timeZone, now).getTime(),
      drawingEndsAt(timeZone, now)?.getTime() ?? Infinity,
    );
    // Re-scheduled on every tick, so a timer that fires early simply waits again.
    const timer = setTimeout(() => setNow(new Date()), Math.max(0, wake - Date.now()));
    const onVisible = () => {
      if (document.visibilityState === 'visible') setNow(new Date());
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [now, timeZone]);

  return { now, today: todayIn(timeZone, now), next: nextDraw(timeZone, now) };
}

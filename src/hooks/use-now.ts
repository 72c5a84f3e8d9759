import { useEffect, useState } from 'react';

/**
 * The current time, re-read every `intervalMs`: every second for a countdown, every minute for a
 * date that must roll over at midnight.
 */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

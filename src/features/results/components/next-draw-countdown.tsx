import { Clock } from 'lucide-react';
import { useNow } from '@/hooks/use-now';
import { drawNumber, formatCountdown, hourLabel, type Draw } from '@/lib/lottery-clock';

/**
 * Ticks every second on its own so the page around it does not re-render. A timer role is not a
 * live region: screen readers read it when asked rather than every second.
 */
export function NextDrawCountdown({ next }: { next: Draw }) {
  const now = useNow(1000);
  const remaining = formatCountdown(next.at.getTime() - now.getTime());
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-accent px-4 py-3 text-accent-foreground">
      <p className="flex items-center gap-2 text-sm font-medium">
        <Clock aria-hidden className="size-4" />
        Next draw: Draw #{drawNumber(next.hour)} at {hourLabel(next.hour)}
      </p>
      <p className="text-sm">
        <span className="sr-only">Time left: </span>
        <span role="timer" className="font-mono text-lg font-bold tabular-nums">
          {remaining}
        </span>
      </p>
    </div>
  );
}

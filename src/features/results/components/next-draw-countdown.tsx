import { Clock } from 'lucide-react';
import { useMemo } from 'react';
import { useNow } from '@/hooks/use-now';
import { drawNumber, formatCountdown, hourLabel, type Draw } from '@/shared/lottery-clock';
import { visitorTimeOf } from '@/lib/zone-names';
import { useI18n } from '@/i18n/i18n-context';

export interface NextDrawCountdownProps {
  next: Draw;
  /** Today on the lottery clock: a next draw on another day is "tomorrow". */
  today: string;
  timeZone: string;
  /** Offline or reconnecting: the result would not arrive at 00:00, so no countdown pretends. */
  stalled?: 'offline' | 'reconnecting';
  /** A draw whose time passed and whose number is not in yet (drawingNow). */
  drawing?: Draw & { waiting?: boolean };
}

/**
 * Ticks every second on its own so the page around it does not re-render. A timer role is not a
 * live region: screen readers read it when asked rather than every second.
 */
export function NextDrawCountdown({
  next,
  today,
  timeZone,
  stalled,
  drawing,
}: NextDrawCountdownProps) {
  const { i18n } = useI18n();
  const at = next.at.getTime();
  const yours = useMemo(() => visitorTimeOf(new Date(at), timeZone), [at, timeZone]);
  // The draw moment: the box stays on the draw being made until its number arrives, rather than
  // jumping to the next draw while this one still shows nothing.
  if (drawing) {
    return (
      <div
        role="status"
        className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-accent px-4 py-3 text-accent-foreground"
      >
        <p className="flex items-center gap-2 text-sm font-medium">
          <Clock aria-hidden className="size-4 shrink-0" />
          {i18n._('draw.numberAt', {
            number: drawNumber(drawing.hour),
            time: hourLabel(drawing.hour),
          })}
        </p>
        <p className="font-mono text-lg font-bold">
          {i18n._(drawing.waiting ? 'draw.waitingForBeacon' : 'draw.drawingNow')}
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-accent px-4 py-3 text-accent-foreground">
      <div className="flex flex-col gap-0.5">
        <p className="flex items-center gap-2 text-sm font-medium">
          <Clock aria-hidden className="size-4 shrink-0" />
          {i18n._('today.nextDraw', {
            number: drawNumber(next.hour),
            time: hourLabel(next.hour),
            day: next.date === today ? 'today' : 'tomorrow',
          })}
        </p>
        {yours && <p className="pl-6 text-xs">{i18n._('today.yourTime', { time: yours })}</p>}
      </div>
      {stalled ? (
        <p className="text-sm font-medium">
          {stalled === 'offline'
            ? i18n._('today.pausedOffline')
            : i18n._('today.waitingConnection')}
        </p>
      ) : (
        <Countdown at={at} />
      )}
    </div>
  );
}

function Countdown({ at }: { at: number }) {
  const { i18n } = useI18n();
  const now = useNow(1000);
  return (
    <p className="text-sm">
      <span className="sr-only">{i18n._('today.timeLeft')} </span>
      <span role="timer" className="font-mono text-lg font-bold tabular-nums">
        {formatCountdown(at - now.getTime())}
      </span>
    </p>
  );
}

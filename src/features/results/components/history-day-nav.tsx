import { ChevronLeft, ChevronRight } from 'lucide-react';
import { lazyWithRetry } from '@/components/lazy-with-retry';
import { Button } from '@/components/ui/button';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { DRAW_DATES } from '@/lib/draw-date-range';
import { addDays, formatLongDate } from '@/lib/lottery-clock';

// The picker brings Radix Popover and floating-ui (about 30 KB): the heading and the day's results
// must not wait for them, nor share the network with them before the first paint. Its placeholder
// holds the button's place, so nothing moves. Offline, before its code ever arrived, a button in
// its place says so and tries again.
const pickerPlace = 'w-full sm:w-64';
const HistoryDatePicker = lazyWithRetry(
  () => afterFirstPaint().then(() => import('./history-date-picker')),
  (module) => module.HistoryDatePicker,
  {
    loading: <div className={`h-9 ${pickerPlace}`} />,
    Failed: ({ onRetry }) => (
      <Button variant="outline" className={pickerPlace} onClick={onRetry}>
        Date picker not loaded: retry
      </Button>
    ),
  },
);

export interface HistoryDayNavProps {
  date: string;
  today: string;
  /** The earliest day with a published draw; `null` when none, `undefined` while unknown. */
  firstDate: string | null | undefined;
  onDateChange: (date: string) => void;
}

/**
 * The day shown, with the previous and next day a click (or Enter) away. Each step is a new
 * address (`?date=`), so Back returns to the day before. Next stops at the lottery's today;
 * Previous at the first day with results (or the first day the database accepts).
 */
export function HistoryDayNav({ date, today, firstDate, onDateChange }: HistoryDayNavProps) {
  const floor = firstDate ?? DRAW_DATES.first;
  const previous = addDays(date, -1);
  const next = addDays(date, 1);
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <HistoryDatePicker date={date} today={today} onChange={onDateChange} />
      <div className="flex gap-2">
        <Button
          variant="outline"
          className="flex-1 sm:flex-none"
          disabled={date <= floor}
          onClick={() => onDateChange(previous)}
          title={formatLongDate(previous)}
        >
          <ChevronLeft aria-hidden />
          Previous day
        </Button>
        <Button
          variant="outline"
          className="flex-1 sm:flex-none"
          disabled={date >= today}
          onClick={() => onDateChange(next)}
          title={date >= today ? 'No draws after today' : formatLongDate(next)}
        >
          Next day
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </div>
  );
}

import { CalendarDays } from 'lucide-react';
import { Suspense, use, useState, type ComponentProps } from 'react';
import { ChunkError } from '@/components/states/chunk-error';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import type { Calendar as CalendarComponent } from '@/components/ui/calendar';
import { Spinner } from '@/components/ui/spinner';
import { chunkLoader } from '@/lib/chunk-loader';
import { focusOnMount } from '@/lib/focus-on-mount';
import { fromLocalCalendarDate, toLocalCalendarDate } from '@/shared/lottery-clock';
import { monthOf, useDaysWithResults } from '../api/get-days-with-results';
import { useI18n } from '@/i18n/i18n-context';
import { useFormat } from '@/i18n/use-format';
import { pickerButtonClass } from './picker-button';

// The calendar (react-day-picker) is the heaviest piece of the public site: load it on demand.
type CalendarProps = ComponentProps<typeof CalendarComponent>;
const calendar = chunkLoader(
  () => import('@/components/ui/calendar'),
  (module) => module,
);

type LazyCalendarProps = CalendarProps & {
  /** Chosen by the (mounted) picker: a component that suspends on mount keeps no state. */
  attempt: number;
  onRetry: () => void;
};

function LazyCalendar({ attempt, onRetry, ...props }: LazyCalendarProps) {
  const loaded = use(calendar.get(attempt));
  if (loaded) return <loaded.Calendar {...props} />;
  return <ChunkError what="The calendar" onRetry={onRetry} className="w-72" />;
}

// A dot under the day's number (its name says "has results" to screen readers: ui/calendar).
const hasResultsClass =
  "[&>button]:relative [&>button]:after:absolute [&>button]:after:bottom-1 [&>button]:after:left-1/2 [&>button]:after:size-1 [&>button]:after:-translate-x-1/2 [&>button]:after:rounded-full [&>button]:after:bg-current [&>button]:after:content-['']";

export interface HistoryDatePickerProps {
  date: string;
  today: string;
  onChange: (date: string) => void;
  /** Pressed before this code arrived (history-day-nav.tsx): open on arrival. */
  openAtOnce?: boolean;
  /** Focused before this code arrived: the button takes the focus its stand-in had. */
  focusAtOnce?: boolean;
}

/**
 * A button that opens a single-day calendar. Days after today in the lottery timezone are
 * disabled, the calendar's "today" is the lottery's, not the visitor's, and days with published
 * results are marked (read for the month on show, only while the calendar is open).
 */
export function HistoryDatePicker({
  date,
  today,
  onChange,
  openAtOnce = false,
  focusAtOnce = false,
}: HistoryDatePickerProps) {
  const { i18n } = useI18n();
  const format = useFormat();
  const [open, setOpen] = useState(openAtOnce);
  // The calendar's download shown: a failed one stays shown, with Retry, until the visitor asks
  // for another. Opening never retries on its own: a retry that fails online reloads the page
  // (src/lib/chunk-loader.ts), and a failed download a pointer started (`calendar.preload`)
  // would have made the first open reload it.
  const [attempt, setAttempt] = useState(calendar.fresh);
  // The month on show: its days with results are read when the calendar opens on it.
  const [month, setMonth] = useState(() => monthOf(date));
  const onOpenChange = (next: boolean) => {
    if (next) setMonth(monthOf(date));
    setOpen(next);
  };
  const selected = toLocalCalendarDate(date);
  const lastDay = toLocalCalendarDate(today);
  const days = useDaysWithResults(month, open);
  const hasResults = (days.data ?? []).map(toLocalCalendarDate);

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <button
          type="button"
          className={pickerButtonClass}
          aria-label={i18n._('history.pickDate', { date: format.longDate(date) })}
          // The focus its stand-in had when this code arrived.
          ref={focusAtOnce ? focusOnMount : undefined}
          onPointerEnter={calendar.preload}
          onFocus={calendar.preload}
        >
          <CalendarDays aria-hidden />
          {format.longDate(date)}
        </button>
      </PopoverTrigger>
      <PopoverContent
        className="w-auto p-0"
        align="start"
        aria-label={i18n._('history.chooseDay')}
        // Focus goes to the selected day (DayPicker's autoFocus), not the month buttons.
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        <Suspense
          fallback={
            <div className="flex size-72 items-center justify-center">
              <Spinner className="size-6" />
            </div>
          }
        >
          <LazyCalendar
            attempt={attempt}
            onRetry={() => setAttempt(calendar.fresh())}
            mode="single"
            required
            autoFocus
            selected={selected}
            month={toLocalCalendarDate(`${month}-01`)}
            onMonthChange={(shown: Date) => setMonth(monthOf(fromLocalCalendarDate(shown)))}
            modifiers={{ hasResults }}
            modifiersClassNames={{ hasResults: hasResultsClass }}
            today={lastDay}
            endMonth={lastDay}
            disabled={{ after: lastDay }}
            onSelect={(day: Date) => {
              onChange(fromLocalCalendarDate(day));
              setOpen(false);
            }}
          />
        </Suspense>
        <p className="flex items-center gap-2 border-t px-3 py-2 text-xs text-muted-foreground">
          <span aria-hidden className="size-1.5 rounded-full bg-primary" />
          {days.isError ? i18n._('history.daysFailed') : i18n._('history.daysWithResults')}
        </p>
      </PopoverContent>
    </Popover>
  );
}

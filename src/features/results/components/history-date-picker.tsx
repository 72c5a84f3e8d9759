import { CalendarDays } from 'lucide-react';
import { Suspense, use, useState, type ComponentProps } from 'react';
import { ChunkError } from '@/components/states/chunk-error';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import type { Calendar as CalendarComponent } from '@/components/ui/calendar';
import { Spinner } from '@/components/ui/spinner';
import { chunkLoader } from '@/lib/chunk-loader';
import { formatLongDate, fromLocalCalendarDate, toLocalCalendarDate } from '@/lib/lottery-clock';

// The calendar (react-day-picker) is the heaviest piece of the public site: load it on demand.
type CalendarProps = ComponentProps<typeof CalendarComponent>;
const calendar = chunkLoader(
  () => import('@/components/ui/calendar'),
  (module) => module,
);
const preloadCalendar = () => void calendar.get(calendar.fresh());

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

export interface HistoryDatePickerProps {
  date: string;
  today: string;
  onChange: (date: string) => void;
}

/**
 * A button that opens a single-day calendar. Days after today in the lottery timezone are
 * disabled, and the calendar's "today" is the lottery's, not the visitor's.
 */
export function HistoryDatePicker({ date, today, onChange }: HistoryDatePickerProps) {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(calendar.fresh);
  const onOpenChange = (next: boolean) => {
    if (next) setAttempt(calendar.fresh());
    setOpen(next);
  };
  const selected = toLocalCalendarDate(date);
  const lastDay = toLocalCalendarDate(today);

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          className="w-full justify-start text-left font-normal sm:w-64"
          aria-label={`Pick a date, ${formatLongDate(date)} selected`}
          onPointerEnter={preloadCalendar}
          onFocus={preloadCalendar}
        >
          <CalendarDays aria-hidden />
          {formatLongDate(date)}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        className="w-auto p-0"
        align="start"
        aria-label="Choose a day"
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
            defaultMonth={selected}
            today={lastDay}
            endMonth={lastDay}
            disabled={{ after: lastDay }}
            onSelect={(day: Date) => {
              onChange(fromLocalCalendarDate(day));
              setOpen(false);
            }}
          />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}

import { CalendarDays } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { formatLongDate, fromLocalCalendarDate, toLocalCalendarDate } from '@/lib/lottery-clock';

// The calendar (react-day-picker) is the heaviest piece of the public site: load it on demand.
const loadCalendar = () => import('@/components/ui/calendar');
const Calendar = lazy(() => loadCalendar().then((module) => ({ default: module.Calendar })));

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
  const selected = toLocalCalendarDate(date);
  const lastDay = toLocalCalendarDate(today);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          className="w-full justify-start text-left font-normal sm:w-64"
          aria-label={`Pick a date, ${formatLongDate(date)} selected`}
          onPointerEnter={() => void loadCalendar()}
          onFocus={() => void loadCalendar()}
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
          <Calendar
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

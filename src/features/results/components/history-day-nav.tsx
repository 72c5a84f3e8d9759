import { ChevronLeft, ChevronRight } from 'lucide-react';
import { lazyWithRetry } from '@/components/lazy-with-retry';
import { buttonVariants } from '@/components/ui/button-variants';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { DRAW_DATES } from '@/shared/draw-date-range';
import { addDays } from '@/shared/lottery-clock';
import { withPart } from '@/i18n/catalogs';
import { useI18n } from '@/i18n/i18n-context';
import { useFormat } from '@/i18n/use-format';

// The picker brings Radix Popover and floating-ui (about 30 KB): the heading and the day's results
// must not wait for them, nor share the network with them before the first paint. Its placeholder
// holds the button's place, so nothing moves. Offline, before its code ever arrived, a button in
// its place says so and tries again.
const pickerPlace = 'w-full sm:w-64';
// Buttons styled by their variant alone (button-variants.ts): no tailwind-merge or Radix Slot in
// the first load, which History is part of (docs/decisions/034). Width classes conflict with none.
const stepClass = `${buttonVariants({ variant: 'outline' })} flex-1 sm:flex-none`;
const HistoryDatePicker = lazyWithRetry(
  () => afterFirstPaint().then(() => withPart('calendar', import('./history-date-picker'))),
  (module) => module.HistoryDatePicker,
  {
    loading: <div className={`h-9 ${pickerPlace}`} />,
    Failed: ({ onRetry }) => <PickerFailed onRetry={onRetry} />,
  },
);

function PickerFailed({ onRetry }: { onRetry: () => void }) {
  const { i18n } = useI18n();
  return (
    <button
      type="button"
      className={`${buttonVariants({ variant: 'outline' })} ${pickerPlace}`}
      onClick={onRetry}
    >
      {i18n._('history.pickerFailed')}
    </button>
  );
}

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
  const { i18n } = useI18n();
  const format = useFormat();
  const floor = firstDate ?? DRAW_DATES.first;
  const previous = addDays(date, -1);
  const next = addDays(date, 1);
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <HistoryDatePicker date={date} today={today} onChange={onDateChange} />
      <div className="flex gap-2">
        <button
          type="button"
          className={stepClass}
          disabled={date <= floor}
          onClick={() => onDateChange(previous)}
          title={format.longDate(previous)}
        >
          <ChevronLeft aria-hidden />
          {i18n._('history.previousDay')}
        </button>
        <button
          type="button"
          className={stepClass}
          disabled={date >= today}
          onClick={() => onDateChange(next)}
          title={date >= today ? i18n._('history.noneAfterToday') : format.longDate(next)}
        >
          {i18n._('history.nextDay')}
          <ChevronRight aria-hidden />
        </button>
      </div>
    </div>
  );
}

import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { lazyWithRetry } from '@/components/lazy-with-retry';
import { buttonVariants } from '@/components/ui/button-variants';
import { Spinner } from '@/components/ui/spinner';
import { DRAW_DATES } from '@/shared/draw-date-range';
import { addDays } from '@/shared/lottery-clock';
import { withPart } from '@/i18n/catalogs';
import { useI18n } from '@/i18n/i18n-context';
import { useFormat } from '@/i18n/use-format';
import type { HistoryDatePickerProps } from './history-date-picker';
import { pickerButtonClass } from './picker-button';

// The picker brings Radix Popover, floating-ui and its words (about 30 KB): it loads when a visitor
// reaches for it (a pointer over it, a touch, focus), not on every visit of History, where its
// evaluation after the first paint was the page's longest task (issue 26). Until it is here a
// button of the same look, name and place stands in for it; clicked, the calendar opens as soon
// as its code arrives, and focus stays where it was. Offline, before its code ever arrived, a
// button in its place says so and tries again.
type Reach = Pick<HistoryDatePickerProps, 'openAtOnce' | 'focusAtOnce'>;
type StandInProps = HistoryDatePickerProps & { onReach: (how: Reach) => void };

const HistoryDatePicker = lazyWithRetry(
  () => withPart('calendar', import('./history-date-picker')),
  (module): ComponentType<StandInProps> => module.HistoryDatePicker,
  {
    onDemand: true,
    loading: (props, load) => <PickerStandIn {...props} load={load} />,
    Failed: ({ onRetry }) => <PickerFailed onRetry={onRetry} />,
  },
);
// Buttons styled by their variant alone (button-variants.ts): no tailwind-merge or Radix Slot in
// the first load, which History is part of (docs/decisions/034). Width classes conflict with none.
const stepClass = `${buttonVariants({ variant: 'outline' })} flex-1 sm:flex-none`;

/**
 * The picker's button before its code is here: reaching for it asks for that code, and a press
 * shows it is on its way (on a phone, a tap is the first a visitor reaches for it).
 */
function PickerStandIn({ date, openAtOnce, onReach, load }: StandInProps & { load: () => void }) {
  const { i18n } = useI18n();
  const format = useFormat();
  const reach = (how: Reach) => {
    onReach(how);
    load();
  };
  return (
    <button
      type="button"
      className={pickerButtonClass}
      aria-label={i18n._('history.pickDate', { date: format.longDate(date) })}
      onPointerEnter={() => reach({})}
      onFocus={() => reach({ focusAtOnce: true })}
      onBlur={() => onReach({ focusAtOnce: false })}
      // The press, not the click: if the picker replaces this button between press and release,
      // the browser fires no click on either. A touch that turns into a scroll takes it back.
      onPointerDown={() => reach({ openAtOnce: true })}
      onPointerCancel={() => onReach({ openAtOnce: false })}
      onClick={() => reach({ openAtOnce: true, focusAtOnce: true })}
      aria-busy={openAtOnce}
    >
      {openAtOnce ? <Spinner aria-hidden /> : <CalendarDays aria-hidden />}
      {format.longDate(date)}
    </button>
  );
}

/** The picker, which opens or takes focus on arrival if it was pressed or focused while loading. */
function DatePicker(props: HistoryDatePickerProps) {
  const [reach, setReach] = useState<Reach>({});
  return (
    <HistoryDatePicker
      {...props}
      {...reach}
      onReach={(how) => setReach((was) => ({ ...was, ...how }))}
    />
  );
}

function PickerFailed({ onRetry }: { onRetry: () => void }) {
  const { i18n } = useI18n();
  return (
    <button
      type="button"
      className={`${buttonVariants({ variant: 'outline' })} w-full sm:w-64`}
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
      <DatePicker date={date} today={today} onChange={onDateChange} />
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

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import type * as React from 'react';
import {
  DateLib,
  DayPicker,
  getDefaultClassNames,
  type DayButtonProps,
  type Modifiers,
} from 'react-day-picker';
import { cn } from '@/lib/utils';
import { buttonVariants } from './button';
import { localeCalendarDay, localeCalendarWeekday, localeMonth } from '@/shared/i18n/format';
import { useI18n } from '@/i18n/i18n-context';

/**
 * Day buttons are named "23 November 2026, Monday" so the visible number starts the accessible
 * name (WCAG 2.5.3 label in name; react-day-picker's default reads "Monday, November 23rd").
 */
function labelDayButton(date: Date, modifiers: Modifiers, _options: unknown, dateLib?: DateLib) {
  const label = (dateLib ?? new DateLib()).format(date, 'd MMMM yyyy, EEEE');
  // `hasResults`: a day a caller marked as having data (History's calendar).
  const marks = [
    modifiers.today && 'today',
    modifiers.selected && 'selected',
    modifiers.hasResults && 'has results',
  ].filter(Boolean);
  return [label, ...marks].join(', ');
}

/**
 * In another language the calendar's names come from Intl in that locale (Thai months and years
 * in the Buddhist era; Lao from the catalog where the browser has no Lao data, src/shared/i18n/format.ts)
 * and its words from the catalogs (ADR 027); English keeps the above.
 */
function useLocaleCalendar(): Pick<
  React.ComponentProps<typeof DayPicker>,
  'formatters' | 'labels'
> {
  const { i18n } = useI18n();
  if (i18n.locale === 'en') return {};
  const { locale } = i18n;
  return {
    formatters: {
      formatCaption: (month: Date) => localeMonth(month, locale),
      formatWeekdayName: (date: Date) => localeCalendarWeekday(date, locale, 'narrow'),
    },
    labels: {
      labelDayButton: (date: Date, modifiers: Modifiers) =>
        [
          localeCalendarDay(date, locale),
          modifiers.today && i18n._('calendar.today'),
          modifiers.selected && i18n._('calendar.selected'),
          modifiers.hasResults && i18n._('calendar.hasResults'),
        ]
          .filter(Boolean)
          .join(', '),
      labelWeekday: (date: Date) => localeCalendarWeekday(date, locale, 'long'),
      labelPrevious: () => i18n._('calendar.previousMonth'),
      labelNext: () => i18n._('calendar.nextMonth'),
      labelGrid: (month: Date) => localeMonth(month, locale),
    },
  };
}

/**
 * shadcn/ui calendar on react-day-picker (which brings the grid roles, labels and arrow-key
 * navigation). Import it lazily: it is the heaviest primitive.
 */
export function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  labels,
  ...props
}: React.ComponentProps<typeof DayPicker>) {
  const defaults = getDefaultClassNames();
  const translated = useLocaleCalendar();
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      className={cn('bg-card p-3', className)}
      formatters={translated.formatters}
      labels={{ labelDayButton, ...translated.labels, ...labels }}
      classNames={{
        root: cn('w-fit', defaults.root),
        months: cn('relative flex flex-col gap-4 md:flex-row', defaults.months),
        month: cn('flex w-full flex-col gap-4', defaults.month),
        nav: cn(
          'absolute inset-x-0 top-0 flex w-full items-center justify-between gap-1',
          defaults.nav,
        ),
        button_previous: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'size-8 aria-disabled:opacity-50',
          defaults.button_previous,
        ),
        button_next: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'size-8 aria-disabled:opacity-50',
          defaults.button_next,
        ),
        month_caption: cn(
          'flex h-8 w-full items-center justify-center px-8',
          defaults.month_caption,
        ),
        caption_label: cn('text-sm font-medium', defaults.caption_label),
        month_grid: 'w-full border-collapse',
        weekdays: cn('flex', defaults.weekdays),
        weekday: cn(
          'flex-1 rounded-md text-[0.8rem] font-normal text-muted-foreground select-none',
          defaults.weekday,
        ),
        week: cn('mt-2 flex w-full', defaults.week),
        day: cn('relative aspect-square h-full w-full p-0 text-center select-none', defaults.day),
        day_button: cn(
          buttonVariants({ variant: 'ghost' }),
          'size-9 p-0 font-normal aria-selected:opacity-100',
        ),
        selected: cn(
          '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary [&>button]:hover:text-primary-foreground',
          defaults.selected,
        ),
        today: cn('[&>button]:border [&>button]:border-primary', defaults.today),
        outside: cn('text-muted-foreground', defaults.outside),
        disabled: cn('text-muted-foreground [&>button]:line-through', defaults.disabled),
        hidden: cn('invisible', defaults.hidden),
        ...classNames,
      }}
      components={{
        DayButton,
        Chevron: ({ orientation, className: chevronClass, ...rest }) => {
          const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
          return <Icon className={cn('size-4', chevronClass)} {...rest} />;
        },
      }}
      {...props}
    />
  );
}

/**
 * DayPicker's day button, taking the focus as the keyboard moves within the commit itself. Its own
 * focuses in an effect, which Preact runs after the next paint (ADR 039): an Enter typed right
 * after an arrow then chose the day the arrow had left.
 */
function DayButton({ day: _day, modifiers, ...props }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  return <button ref={ref} {...props} />;
}

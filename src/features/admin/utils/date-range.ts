import { current } from '@/i18n/i18n';

export type DateRange = { from: string; to: string };

export type RangeCheck = { range: DateRange; error?: never } | { range?: never; error: string };

/**
 * Checks a from/to pair of `yyyy-MM-dd` dates (which compare correctly as strings): either the
 * usable range or the product's error sentence.
 */
export function checkDateRange(from: string | undefined, to: string | undefined): RangeCheck {
  if (!from || !to) return { error: current()._('admin.range.required') };
  if (from > to) return { error: current()._('admin.range.reversed') };
  return { range: { from, to } };
}

/** The generate action's bound per call (the edge function's MAX_RANGE_DAYS: a leap year). */
export const GENERATE_MAX_DAYS = 366;

/** How many days [from, to] spans, both included (calendar days: no clock or zone involved). */
export function daysInRange({ from, to }: DateRange): number {
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  return day(to) - day(from) + 1;
}

import { addDays, DRAWS_PER_DAY, hourLabel, isDateString } from './lottery-clock.ts';

/** One draw: a lottery-clock day (`yyyy-MM-dd`) and its hour (0-23). */
export interface DrawAddress {
  date: string;
  hour: number;
}

// Only the form `paths.draw.getHref` writes: `7`, never `07` or `7.0`, so each draw has one
// address (its canonical) and anything else is not a page.
const HOUR_PATTERN = /^(?:[0-9]|1[0-9]|2[0-3])$/;

/**
 * The draw a `/draw/:date/:hour` address names, or `null` when either part is not one. Strict,
 * because the served HTML reads the database with these values: a bad one never gets that far.
 */
export function parseDrawAddress(date: string | undefined, hour: string | undefined) {
  if (date === undefined || hour === undefined) return null;
  if (!isDateString(date) || !HOUR_PATTERN.test(hour)) return null;
  return { date, hour: Number(hour) } satisfies DrawAddress;
}

// A zero-padded hour (`07`, as people write times): not an address of its own, but unmistakably
// one draw, so it is redirected to the canonical spelling rather than answered with a 404.
const PADDED_HOUR_PATTERN = /^0[0-9]$/;

/**
 * The draw a non-canonical `/draw/:date/:hour` address names (`/draw/2026-11-23/07`), or `null`
 * when the address is canonical or names no draw. Its canonical form is `paths.draw.getHref`'s.
 */
export function paddedDrawAddress(date: string | undefined, hour: string | undefined) {
  if (date === undefined || hour === undefined || !PADDED_HOUR_PATTERN.test(hour)) return null;
  return parseDrawAddress(date, hour.slice(1));
}

/** `/draw/2026-11-23/07` (padded hour) as its draw, or `null` for any other path. */
export function paddedDrawAddressOfPath(pathname: string): DrawAddress | null {
  const match = /^\/draw\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  return match ? paddedDrawAddress(match[1], match[2]) : null;
}

/** `/draw/2026-11-23/14` split into its parts, or `null` for any other path. */
export function drawAddressOfPath(pathname: string): DrawAddress | null {
  const match = /^\/draw\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  return match ? parseDrawAddress(match[1], match[2]) : null;
}

export function previousDraw({ date, hour }: DrawAddress): DrawAddress {
  return hour === 0
    ? { date: addDays(date, -1), hour: DRAWS_PER_DAY - 1 }
    : { date, hour: hour - 1 };
}

export function followingDraw({ date, hour }: DrawAddress): DrawAddress {
  return hour === DRAWS_PER_DAY - 1
    ? { date: addDays(date, 1), hour: 0 }
    : { date, hour: hour + 1 };
}

let dayMonthYear: Intl.DateTimeFormat | undefined;

/** `23 November 2026`: how a shared draw names its day (a calendar date: formatted in UTC). */
export function formatDrawDay(date: string): string {
  if (!isDateString(date)) return date; // a row outside ADR 020's range, as PostgreSQL wrote it
  dayMonthYear ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return dayMonthYear.format(new Date(`${date}T12:00:00Z`));
}

/** `Draw 14:30 on 23 November 2026`. */
export function drawName({ date, hour }: DrawAddress): string {
  return `Draw ${hourLabel(hour)} on ${formatDrawDay(date)}`;
}

let monthDay: Intl.DateTimeFormat | undefined;

/** `Nov 22`: a neighbouring day, named briefly beside a draw time. */
export function formatShortDay(date: string): string {
  if (!isDateString(date)) return date;
  monthDay ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return monthDay.format(new Date(`${date}T12:00:00Z`));
}

import { sideOfOddDate } from './draw-date-range.ts';

/**
 * The lottery clock (ADR 002): every date and time the app shows or compares is
 * computed in the lottery's timezone, never the visitor's. Dates are `yyyy-MM-dd` strings.
 */
export const DRAWS_PER_DAY = 24;
export const DRAW_MINUTE = 30;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad2 = (n: number): string => String(n).padStart(2, '0');

// The browser's own time zone data (Intl), rather than a date library in the Today page's first
// load. One formatter per zone: building one is slow, formatting is not. An unknown zone throws a
// RangeError naming it (lottery_settings only accepts zones PostgreSQL knows).
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `timeZone` at `instant`: its date, hour, minute and second. */
function wallParts(timeZone: string, instant: number) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const wall = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of format.formatToParts(instant)) {
    if (part.type in wall) wall[part.type as keyof typeof wall] = Number(part.value);
  }
  return wall;
}

/** Minutes `timeZone` is ahead of UTC at `instant`. */
function tzOffset(timeZone: string, instant: Date): number {
  const time = instant.getTime();
  const wall = wallParts(timeZone, time);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // The wall clock has whole seconds: compare it with the instant truncated to its second.
  return Math.round((asUtc - (time - (((time % 1000) + 1000) % 1000))) / MINUTE);
}

/** `true` for a real calendar day written `yyyy-MM-dd` (rejects 2024-02-30). */
export function isDateString(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function parts(date: string): [number, number, number] {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`Not a yyyy-MM-dd date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The wall-clock date, hour and minute in the lottery timezone at `now`. */
export function wallClock(timeZone: string, now: Date = new Date()) {
  const wall = wallParts(timeZone, now.getTime());
  const date = `${wall.year}-${pad2(wall.month)}-${pad2(wall.day)}`;
  return { date, hour: wall.hour, minute: wall.minute };
}

/** Today's date in the lottery timezone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return wallClock(timeZone, now).date;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The row label: `14:30`. */
export function hourLabel(hour: number): string {
  return `${pad2(hour)}:${DRAW_MINUTE}`;
}

/** The `draw_time` column: `14:30:00`. */
export function drawTime(hour: number): string {
  return `${hourLabel(hour)}:00`;
}

/** The spec numbers draws from 1: hour 0 is Draw #1. */
export function drawNumber(hour: number): number {
  return hour + 1;
}

// Resolved instants, kept: a grid of 30 days asks for 720 at every render, and each costs two or
// three Intl.formatToParts calls (a time zone's rules do not change while a page or a function
// runs). Bounded, and emptied when full, so neither a long session nor a server asked for any
// date a stranger puts in a URL can grow it without end.
const MAX_INSTANTS = 4096;
const instants = new Map<string, number>();

/**
 * The instant the wall-clock time `date hour:minute` occurs in `timeZone`. Resolves
 * daylight-saving edges the way PostgreSQL does (`private.is_published` runs there): a time that
 * does not exist uses the offset before the jump, an ambiguous one the offset after it.
 * (PostgreSQL docs, "Handling of Invalid or Ambiguous Timestamps"; DetermineTimeZoneOffset.)
 */
export function zonedInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const key = `${timeZone} ${date} ${hour}:${minute}`;
  let time = instants.get(key);
  if (time === undefined) {
    time = resolveInstant(date, hour, minute, timeZone);
    if (instants.size >= MAX_INSTANTS) instants.clear();
    instants.set(key, time);
  }
  return new Date(time);
}

function resolveInstant(date: string, hour: number, minute: number, timeZone: string): number {
  const [y, m, d] = parts(date);
  const local = Date.UTC(y, m - 1, d, hour, minute);
  const before = tzOffset(timeZone, new Date(local - DAY));
  const after = tzOffset(timeZone, new Date(local + DAY));
  const asBefore = local - before * MINUTE;
  const asAfter = local - after * MINUTE;
  if (before === after) return asBefore;
  const afterValid = tzOffset(timeZone, new Date(asAfter)) === after;
  return afterValid ? asAfter : asBefore;
}

/** The instant a draw is published: `draw_date` at `HH:30` in the lottery timezone. */
export function publishedAt(date: string, hour: number, timeZone: string): Date {
  return zonedInstant(date, hour, DRAW_MINUTE, timeZone);
}

/** When the lottery's next day begins (its midnight, or the first instant after a DST gap). */
export function nextDayStart(timeZone: string, now: Date = new Date()): Date {
  return zonedInstant(addDays(todayIn(timeZone, now), 1), 0, 0, timeZone);
}

export function isPublished(
  date: string,
  hour: number,
  timeZone: string,
  now: Date = new Date(),
): boolean {
  // A row from before the draw date range (ADR 020) may hold `infinity` or a BC date.
  if (!isDateString(date)) return sideOfOddDate(date) === 'past';
  return publishedAt(date, hour, timeZone).getTime() <= now.getTime();
}

export interface Draw {
  date: string;
  hour: number;
  at: Date;
}

/** The next draw to be published after `now` (strictly later). */
export function nextDraw(timeZone: string, now: Date = new Date()): Draw {
  let { date, hour } = wallClock(timeZone, now);
  // At most three steps: the current hour, the next, and one more across a DST gap.
  for (;;) {
    const at = publishedAt(date, hour, timeZone);
    if (at.getTime() > now.getTime()) return { date, hour, at };
    hour += 1;
    if (hour === DRAWS_PER_DAY) {
      hour = 0;
      date = addDays(date, 1);
    }
  }
}

/**
 * How long after a draw time its result may still arrive before the pages call it missing. The
 * automatic draw runs every 10 s (pg_cron) and realtime adds its delivery: a result normally lands
 * 0-10 s after HH:30:00. Two minutes leave room for a slow run without calling a late draw missed.
 */
export const DRAWING_WINDOW_MS = 2 * MINUTE;

/** The latest draw whose time has come (at or before `now`). */
export function lastDraw(timeZone: string, now: Date = new Date()): Draw {
  let { date, hour } = wallClock(timeZone, now);
  // At most three steps back: this hour, the one before, and one more across a DST gap.
  for (;;) {
    const at = publishedAt(date, hour, timeZone);
    if (at.getTime() <= now.getTime()) return { date, hour, at };
    hour -= 1;
    if (hour < 0) {
      hour = DRAWS_PER_DAY - 1;
      date = addDays(date, -1);
    }
  }
}

/**
 * What a draw is at `now`: its time still ahead (`upcoming`), its result published, its time
 * passed less than DRAWING_WINDOW_MS ago without a result (`drawing`: the number is being made,
 * never shown as missing), or past that window without one: `waiting` for a beacon draw (ADR
 * 023: its round could not be fetched yet; it is drawn late from the same round, never "no
 * result"), else `missing`.
 */
export type DrawState = 'upcoming' | 'drawing' | 'published' | 'waiting' | 'missing';

export function drawState(
  date: string,
  hour: number,
  timeZone: string,
  now: Date,
  hasResult: boolean,
  /** lottery_settings.beacon_since: draws at or after it are beacon draws (ADR 023). */
  beaconSince?: string | null,
): DrawState {
  if (!isPublished(date, hour, timeZone, now)) return 'upcoming';
  if (hasResult) return 'published';
  // A row-less odd date (ADR 020) has no instant: it is long past.
  if (!isDateString(date)) return 'missing';
  const at = publishedAt(date, hour, timeZone).getTime();
  if (now.getTime() - at < DRAWING_WINDOW_MS) return 'drawing';
  return beaconSince && at >= Date.parse(beaconSince) ? 'waiting' : 'missing';
}

/** When the drawing window that `now` may be in closes (`undefined` when it has closed). */
export function drawingEndsAt(timeZone: string, now: Date = new Date()): Date | undefined {
  const end = lastDraw(timeZone, now).at.getTime() + DRAWING_WINDOW_MS;
  return end > now.getTime() ? new Date(end) : undefined;
}

/** `mm:ss`, or `h:mm:ss` from an hour up; rounds up so it reads 00:00 only at the draw. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${pad2(minutes)}:${pad2(seconds)}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

let longDate: Intl.DateTimeFormat | undefined;

/**
 * The product's date format: month name, day, year (`May 1, 2024`). A date that is no calendar
 * day here (`infinity`, `0001-01-01 BC`, `99999-01-01`: rows older than ADR 020's range) is
 * shown as PostgreSQL wrote it rather than failing the page.
 */
export function formatLongDate(date: string): string {
  if (!isDateString(date)) return date;
  const [y, m, d] = parts(date);
  // A calendar date, not an instant: format it in UTC so no zone can shift the day. Built once:
  // the Today page formats its date on every tick of the clock.
  longDate ??= new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return longDate.format(new Date(Date.UTC(y, m - 1, d)));
}

/** A `Date` whose local calendar day is `date`, for calendar widgets that think in local days. */
export function toLocalCalendarDate(date: string): Date {
  const [y, m, d] = parts(date);
  return new Date(y, m - 1, d, 12);
}

export function fromLocalCalendarDate(day: Date): string {
  return `${day.getFullYear()}-${pad2(day.getMonth() + 1)}-${pad2(day.getDate())}`;
}

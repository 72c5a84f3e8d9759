// Dates, times and zone names in the page's language, with Intl (ADR 009, ADR 027). Shared
// (ADR 035): the stack formats the served meta with it too. English keeps the product's own formats.
import { INTL_LOCALES, type Locale } from './locales.ts';
import type { Messages } from './messages.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: Locale, key: string, options: Intl.DateTimeFormatOptions) {
  const id = `${locale} ${key}`;
  let made = formats.get(id);
  if (!made) {
    made = new Intl.DateTimeFormat(INTL_LOCALES[locale], options);
    formats.set(id, made);
  }
  return made;
}

/** Dates from the catalog's `date.*` messages (src/i18n/catalog-dates.ts). */
export interface CatalogDates {
  longDate: (t: Messages, date: string) => string;
  shortDay: (t: Messages, date: string) => string;
  weekday: (t: Messages, date: string) => string;
  month: (t: Messages, day: Date) => string;
  zoneName: (t: Messages, timeZone: string) => string;
}

interface LaoDates {
  dates: CatalogDates;
  /** The app's active messages: the `date.*` part is loaded only while they are Lao. */
  active: () => Messages;
}

let laoDates: LaoDates | null = null;

/**
 * Lao in a browser without Lao data (Chromium, Chrome): activateLocale loads the catalog's
 * `date.*` part and src/i18n/catalog-dates.ts there, which hands itself over with the app's
 * active messages; used only while those are Lao. The stack never calls it: Node has Lao data.
 */
export function setLaoCatalogDates(dates: CatalogDates | null, active?: () => Messages): void {
  laoDates = dates && active ? { dates, active } : null;
}

/** The catalog's Lao dates and the messages they are written in, or null: Intl writes it. */
function fromCatalog(locale: Locale): { dates: CatalogDates; t: Messages } | null {
  if (locale !== 'lo' || !laoDates) return null;
  const t = laoDates.active();
  return t.locale === 'lo' ? { dates: laoDates.dates, t } : null;
}

const isDay = (date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date);
// A calendar date, not an instant: noon UTC, formatted in UTC, so no zone can shift the day.
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/**
 * `November 23, 2026`; `23 พฤศจิกายน 2569` (Buddhist era); `23 tháng 11, 2026`; `2026年11月23日`.
 * A value that is no calendar day (ADR 020's old rows) is shown as PostgreSQL wrote it.
 */
export function localeLongDate(date: string, locale: Locale): string {
  if (!isDay(date)) return date;
  const lao = fromCatalog(locale);
  if (lao) return lao.dates.longDate(lao.t, date);
  return format(locale, 'long', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(noon(date));
}

/** `23 November 2026` in English (a shared draw's day), the long date otherwise. */
export function localeDrawDay(date: string, locale: Locale): string {
  if (locale !== 'en' || !isDay(date)) return localeLongDate(date, locale);
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(noon(date));
}

/** `Nov 22`, `22 พ.ย.`, `11月22日`: a day named briefly. */
export function localeShortDay(date: string, locale: Locale): string {
  if (!isDay(date)) return date;
  const lao = fromCatalog(locale);
  if (lao) return lao.dates.shortDay(lao.t, date);
  return format(locale, 'short', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    noon(date),
  );
}

/** `Mon`, `จ.`, `周一`. */
export function localeWeekday(date: string, locale: Locale): string {
  const lao = fromCatalog(locale);
  if (lao && isDay(date)) return lao.dates.weekday(lao.t, date);
  return format(locale, 'weekday', { weekday: 'short', timeZone: 'UTC' }).format(noon(date));
}

/** A calendar's day (a local Date, as react-day-picker hands them) as `yyyy-MM-dd`. */
const dayOfDate = (day: Date) =>
  [day.getFullYear(), day.getMonth() + 1, day.getDate()]
    .map((n, i) => String(n).padStart(i ? 2 : 4, '0'))
    .join('-');

/**
 * A calendar column's weekday: `narrow` its heading (`จ`, `一`, `T2`), `long` its accessible
 * name (`วันจันทร์`, `星期一`). Lao from the catalog (`ຈັນ` for both).
 */
export function localeCalendarWeekday(day: Date, locale: Locale, width: 'narrow' | 'long'): string {
  const lao = fromCatalog(locale);
  if (lao) return lao.dates.weekday(lao.t, dayOfDate(day));
  return format(locale, `weekday-${width}`, { weekday: width }).format(day);
}

/**
 * A calendar day button's name: `วันจันทร์ที่ 23 พฤศจิกายน 2569`, `2026年11月23日星期一`; Lao
 * from the catalog, its long date then its weekday (`23 ພະຈິກ 2026, ຈັນ`).
 */
export function localeCalendarDay(day: Date, locale: Locale): string {
  const lao = fromCatalog(locale);
  if (lao) {
    const date = dayOfDate(day);
    return `${lao.dates.longDate(lao.t, date)}, ${lao.dates.weekday(lao.t, date)}`;
  }
  return format(locale, 'calendarDay', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(day);
}

/** `November 2026`, `พฤศจิกายน 2569`: the calendar's caption. */
export function localeMonth(day: Date, locale: Locale): string {
  const lao = fromCatalog(locale);
  if (lao) return lao.dates.month(lao.t, day);
  return format(locale, 'month', { month: 'long', year: 'numeric' }).format(day);
}

/**
 * The lottery clock's zone in the page's language: `Asia/Bangkok (GMT+7)` in English (as the
 * spec's pages say it), `เวลาอินโดจีน (GMT+7)` in Thai, `印度支那时间 (GMT+7)` in Chinese.
 */
export function localeZoneLabel(
  timeZone: string,
  locale: Locale,
  at: Date,
  english: (timeZone: string, at: Date) => string,
): string {
  if (locale === 'en') return english(timeZone, at);
  const name = (style: 'long' | 'shortOffset') =>
    format(locale, `zone ${style} ${timeZone}`, { timeZone, timeZoneName: style })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
  // Without Lao data the offset (`GMT+7`) is the same in every language; the name is not.
  const lao = fromCatalog(locale);
  const long = lao ? lao.dates.zoneName(lao.t, timeZone) : name('long');
  const offset = name('shortOffset');
  if (!long && lao) return offset ?? timeZone;
  if (!long) return timeZone;
  return offset && offset !== long ? `${long} (${offset})` : long;
}

/** `1,234` with Western digits in every language. */
export function localeNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALES[locale]).format(value);
}

// Dates written from the catalog (`date.*` messages, their own part) for a language whose
// locale data the browser lacks: Chromium and Chrome ship no Lao data, so `Intl` would print
// Lao dates with English month names (ADR 027). The messages hold the order and the month,
// weekday and zone names as CLDR writes them, so a browser with the data and one without agree.
// Fetched with that part, only then (src/i18n/catalogs.ts): the first load carries none of it.
import { type CatalogDates, setLaoCatalogDates } from '../shared/i18n/format';
import { current } from './i18n';
import type { Messages } from '../shared/i18n/messages';

const parts = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year: String(year), month: String(month), day: String(day) };
};

/** `23 ພະຈິກ 2026` from a `yyyy-MM-dd` day. */
export const catalogLongDate = (t: Messages, date: string): string => t._('date.long', parts(date));

/** `23 ພ.ຈ.` */
export const catalogShortDay = (t: Messages, date: string): string =>
  t._('date.short', parts(date));

/** `ຈັນ`: the weekday of a `yyyy-MM-dd` day. */
export const catalogWeekday = (t: Messages, date: string): string =>
  t._('date.weekday', { weekday: String(new Date(`${date}T12:00:00Z`).getUTCDay()) });

/** `ພະຈິກ 2026`: the calendar's caption for the month `day` is in (in the runtime's zone). */
export const catalogMonth = (t: Messages, day: Date): string =>
  t._('date.month', { month: String(day.getMonth() + 1), year: String(day.getFullYear()) });

/**
 * The zone's name (`ເວລາອິນດູຈີນ`) for the region's zones the catalog names, or '' for any
 * other, which then shows by its offset alone. Select keys cannot hold `/`.
 */
export const catalogZoneName = (t: Messages, timeZone: string): string =>
  t._('date.zone', { zone: timeZone.replace(/\//g, '_') });

/** What src/shared/i18n/format.ts writes Lao with once this module and its messages are loaded. */
export const catalogDates: CatalogDates = {
  longDate: catalogLongDate,
  shortDay: catalogShortDay,
  weekday: catalogWeekday,
  month: catalogMonth,
  zoneName: catalogZoneName,
};

/**
 * Lao dates from here on (src/i18n/catalogs.ts, once the `dates` part is in): imported lazily,
 * so the format code in the first load gains no edge to this module.
 */
export const writeLaoDatesFromCatalog = (): void => setLaoCatalogDates(catalogDates, current);

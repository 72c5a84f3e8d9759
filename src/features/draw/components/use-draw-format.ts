import { localeLongDate, localeShortDay, localeZoneLabel } from '@/shared/i18n/format';
import { useI18n } from '@/i18n/i18n-context';
import { formatLongDate } from '@/shared/lottery-clock';
import { zoneLabel } from '@/lib/zone-names';

/**
 * The page language's dates and zone names, as src/i18n/use-format.ts gives them. Built here from
 * format.ts: importing use-format into the draw chunk made Rolldown split the lottery clock out
 * of the first load into a chunk of its own, 110 bytes over ADR 027's budget.
 */
export function useDrawFormat() {
  const { locale } = useI18n();
  return {
    longDate: (date: string) =>
      locale === 'en' ? formatLongDate(date) : localeLongDate(date, locale),
    shortDay: (date: string) => localeShortDay(date, locale),
    zone: (timeZone: string, at: Date = new Date()) =>
      localeZoneLabel(timeZone, locale, at, zoneLabel),
  };
}

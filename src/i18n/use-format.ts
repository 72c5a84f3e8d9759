import { useMemo } from 'react';
import { formatLongDate } from '@/shared/lottery-clock';
import { zoneLabel } from '@/lib/zone-names';
import {
  localeLongDate,
  localeNumber,
  localeShortDay,
  localeWeekday,
  localeZoneLabel,
} from '../shared/i18n/format';
import { useI18n } from './i18n-context';

/** The page language's date, zone and number formats. */
export function useFormat() {
  const { locale } = useI18n();
  return useMemo(
    () => ({
      locale,
      longDate: (date: string) =>
        locale === 'en' ? formatLongDate(date) : localeLongDate(date, locale),
      shortDay: (date: string) => localeShortDay(date, locale),
      weekday: (date: string) => localeWeekday(date, locale),
      zone: (timeZone: string, at: Date = new Date()) =>
        localeZoneLabel(timeZone, locale, at, zoneLabel),
      number: (value: number) => localeNumber(value, locale),
    }),
    [locale],
  );
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import lo from './catalogs/lo.json';
import {
  catalogDates,
  catalogLongDate,
  catalogMonth,
  catalogShortDay,
  catalogWeekday,
  catalogZoneName,
} from './catalog-dates';
import {
  localeCalendarDay,
  localeCalendarWeekday,
  localeLongDate,
  localeMonth,
  localeShortDay,
  localeWeekday,
  localeZoneLabel,
  setLaoCatalogDates,
} from '../shared/i18n/format';
import { current, i18n } from './i18n';
import { localizedPath, preferredLocale, splitLocalePath } from '../shared/i18n/locales';

const english = (zone: string) => `${zone} (english)`;

describe('dates in each language', () => {
  it('writes Thai dates in the Buddhist era with Western digits', () => {
    expect(localeLongDate('2026-11-23', 'th')).toBe('23 พฤศจิกายน 2569');
    expect(localeLongDate('2000-01-01', 'th')).toBe('1 มกราคม 2543');
  });

  it('writes Lao, Vietnamese, Chinese and Malay dates in their order, Gregorian', () => {
    expect(localeLongDate('2026-11-23', 'lo')).toBe('23 ພະຈິກ 2026');
    expect(localeLongDate('2026-11-23', 'vi')).toBe('23 tháng 11, 2026');
    expect(localeLongDate('2026-11-23', 'zh')).toBe('2026年11月23日');
    expect(localeLongDate('2026-11-23', 'ms')).toBe('23 November 2026');
    expect(localeShortDay('2026-11-23', 'zh')).toBe('11月23日');
  });

  it('keeps a value that is no calendar day as PostgreSQL wrote it', () => {
    expect(localeLongDate('infinity', 'th')).toBe('infinity');
  });

  it("names the lottery clock's zone in the language, English as the spec says it", () => {
    const at = new Date('2026-11-23T12:00:00Z');
    expect(localeZoneLabel('Asia/Bangkok', 'th', at, english)).toBe('เวลาอินโดจีน (GMT+7)');
    expect(localeZoneLabel('Asia/Bangkok', 'en', at, english)).toBe('Asia/Bangkok (english)');
  });
});

// Chromium and Chrome have no Lao data: Lao dates come from the catalog there (ADR 027). These
// pass whether or not the runtime has Lao data: the catalog's forms are CLDR's.
describe('Lao dates from the catalog', () => {
  beforeEach(() => {
    i18n.load('lo', lo);
    i18n.activate('lo');
  });
  afterEach(() => {
    i18n.activate('en');
    setLaoCatalogDates(null);
  });

  it('writes day, Lao month name and year as Lao readers do', () => {
    expect(catalogLongDate(current(), '2026-11-23')).toBe('23 ພະຈິກ 2026');
    expect(catalogLongDate(current(), '2026-01-05')).toBe('5 ມັງກອນ 2026');
    expect(catalogShortDay(current(), '2026-11-23')).toBe('23 ພ.ຈ.');
    expect(catalogWeekday(current(), '2026-11-23')).toBe('ຈັນ');
    expect(catalogMonth(current(), new Date(2026, 10, 1))).toBe('ພະຈິກ 2026');
    expect(catalogZoneName(current(), 'Asia/Vientiane')).toBe('ເວລາອິນດູຈີນ');
    expect(catalogZoneName(current(), 'Europe/Paris')).toBe('');
  });

  it('formats Lao alike with or without the runtime’s Lao data', () => {
    const at = new Date('2026-11-23T12:00:00Z');
    const write = () => [
      localeLongDate('2026-11-23', 'lo'),
      localeShortDay('2026-11-23', 'lo'),
      localeWeekday('2026-11-23', 'lo'),
      localeMonth(new Date(2026, 10, 1), 'lo'),
      localeZoneLabel('Asia/Bangkok', 'lo', at, english),
    ];
    const expected = ['23 ພະຈິກ 2026', '23 ພ.ຈ.', 'ຈັນ', 'ພະຈິກ 2026', 'ເວລາອິນດູຈີນ (GMT+7)'];
    // With the runtime's own Lao data (Node's full ICU), Intl writes the same.
    if (Intl.DateTimeFormat.supportedLocalesOf('lo').length) expect(write()).toEqual(expected);
    // As in Chromium, which has no Lao data: src/i18n/catalogs.ts hands the catalog's dates over.
    setLaoCatalogDates(catalogDates, current);
    expect(write()).toEqual(expected);
    expect(localeZoneLabel('Europe/Paris', 'lo', at, english)).toBe('GMT+1');
  });

  it("names the calendar's weekdays and days in Lao, whatever the runtime has", () => {
    setLaoCatalogDates(catalogDates, current);
    // Local dates, as react-day-picker hands them: Monday 23 November 2026.
    const monday = new Date(2026, 10, 23);
    expect(localeCalendarWeekday(monday, 'lo', 'narrow')).toBe('ຈັນ');
    expect(localeCalendarWeekday(monday, 'lo', 'long')).toBe('ຈັນ');
    expect(localeCalendarDay(monday, 'lo')).toBe('23 ພະຈິກ 2026, ຈັນ');
    expect(localeCalendarWeekday(new Date(2026, 0, 4), 'lo', 'narrow')).toBe(
      catalogWeekday(current(), '2026-01-04'),
    );
  });
});

describe('language addresses', () => {
  it('reads the language from the prefix, English unprefixed', () => {
    expect(splitLocalePath('/th/history')).toEqual({ locale: 'th', path: '/history' });
    expect(splitLocalePath('/lo')).toEqual({ locale: 'lo', path: '/' });
    expect(splitLocalePath('/history')).toEqual({ locale: 'en', path: '/history' });
    // `/en/…` is no address, and a two-letter first segment is not a language by itself.
    expect(splitLocalePath('/en/history')).toEqual({ locale: 'en', path: '/en/history' });
    expect(splitLocalePath('/thx')).toEqual({ locale: 'en', path: '/thx' });
  });

  it('writes the same page in another language', () => {
    expect(localizedPath('th', '/draw/2026-11-23/7')).toBe('/th/draw/2026-11-23/7');
    expect(localizedPath('zh', '/')).toBe('/zh/');
    expect(localizedPath('en', '/grid')).toBe('/grid');
  });

  it("offers the browser's preferred language, never Traditional Chinese as Simplified", () => {
    expect(preferredLocale(['th-TH', 'en'])).toBe('th');
    expect(preferredLocale(['en-US', 'th'])).toBeNull();
    expect(preferredLocale(['zh-TW', 'ms-MY'])).toBe('ms');
    expect(preferredLocale(['fr', 'vi'])).toBe('vi');
  });
});

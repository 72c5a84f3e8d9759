import { isLocale, preferredLocale, type Locale } from '../shared/i18n/locales';

const key = 'lotto24.locale';

/** The language the visitor chose with the header control, if any (private mode: none). */
export function storedLocale(): Locale | null {
  try {
    const value = localStorage.getItem(key);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(key, locale);
  } catch {
    // Storage refused (private mode, quota): the choice holds for this visit only.
  }
}

/**
 * The language to offer on an English page: the browser's preferred one of the site's, unless the
 * visitor has chosen (or declined) before. Only then is the offer's code fetched.
 */
export function localeToOffer(): Locale | null {
  if (storedLocale()) return null;
  return preferredLocale(navigator.languages ?? [navigator.language]);
}

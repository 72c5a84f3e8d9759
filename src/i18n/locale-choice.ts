import { isLocale, type Locale } from './locales';

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

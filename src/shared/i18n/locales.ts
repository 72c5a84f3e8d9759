// Pure and import-free: the local stack (server/src/static) reads it too, so the app and the
// served HTML agree on which addresses name which language (ADR 027).

/** Every language of the site; English is the default and keeps the unprefixed addresses. */
export const LOCALES = ['en', 'th', 'lo', 'vi', 'zh', 'ms'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language in its own script, as the language control lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  th: 'ไทย',
  lo: 'ລາວ',
  vi: 'Tiếng Việt',
  zh: '中文',
  ms: 'Bahasa Melayu',
};

/**
 * The BCP 47 tag each page declares (`<html lang>`, `hreflang`): `zh-Hans`, not `zh`, since the
 * catalog is Simplified Chinese.
 */
export const LANGUAGE_TAGS: Record<Locale, string> = {
  en: 'en',
  th: 'th',
  lo: 'lo',
  vi: 'vi',
  zh: 'zh-Hans',
  ms: 'ms',
};

/**
 * The tag `Intl` formats with: Thai dates in the Buddhist era (as Thai readers write them), and
 * Western digits everywhere (`nu-latn`), as the region's results sites print numbers.
 */
export const INTL_LOCALES: Record<Locale, string> = {
  en: 'en-US',
  th: 'th-TH-u-ca-buddhist-nu-latn',
  lo: 'lo-LA-u-nu-latn',
  vi: 'vi-VN-u-nu-latn',
  zh: 'zh-CN-u-nu-latn',
  ms: 'ms-MY-u-nu-latn',
};

export function isLocale(value: string | null | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? '');
}

/** `/th` for Thai, `` for English: the router's basename. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/**
 * The router's basename: `/th/` for Thai, so its Today link is `/th/`, the address canonical and
 * hreflang name (React Router writes the bare basename for `/`); none for English.
 */
export function routerBasename(locale: Locale): string | undefined {
  const prefix = localePrefix(locale);
  return prefix ? `${prefix}/` : undefined;
}

/**
 * The language an address is in and the app's own path within it: `/th/history` is Thai
 * `/history`, `/th` Thai `/`; `/en/...` is not an address (English is unprefixed).
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLocale(match[1]) && match[1] !== DEFAULT_LOCALE) {
    return { locale: match[1], path: match[2] || '/' };
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** The same page in another language: `localizedPath('th', '/history')` is `/th/history`. */
export function localizedPath(locale: Locale, path: string): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  return path === '/' ? `${prefix}/` : `${prefix}${path}`;
}

/**
 * The supported language a browser prefers (`navigator.languages`, best first), if it is not
 * English: `th-TH` is Thai, `zh-CN`/`zh-SG`/`zh-Hans` Chinese; Traditional Chinese is not offered
 * Simplified.
 */
export function preferredLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('en')) return null;
    if (lower.startsWith('zh')) {
      if (/^zh-(hant|tw|hk|mo)/.test(lower)) continue;
      return 'zh';
    }
    const base = lower.split('-')[0];
    if (isLocale(base)) return base === DEFAULT_LOCALE ? null : base;
  }
  return null;
}

/**
 * `/th/manifest.webmanifest`: each language's own web app manifest (written by the build,
 * scripts/vite-localized-manifests.ts); English keeps the site's.
 */
export const manifestPath = (locale: Locale): string =>
  locale === DEFAULT_LOCALE ? '/manifest.webmanifest' : `/${locale}/manifest.webmanifest`;

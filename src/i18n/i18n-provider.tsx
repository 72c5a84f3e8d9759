import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { activateLocale } from './catalogs';
import { i18n } from './i18n';
import { I18nContext, type I18nState } from './i18n-context';
import { storeLocale } from './locale-choice';
import {
  LANGUAGE_TAGS,
  localizedPath,
  manifestPath,
  splitLocalePath,
  type Locale,
} from '../shared/i18n/locales';
import { typed } from '../shared/i18n/messages';

const here = () => window.location;

/**
 * The page's language follows its address (`/th/...`); the router below is keyed by it, with the
 * language's prefix as basename, so every link inside a page keeps its language, the features'
 * own links included. `initial` is the language main.tsx activated before the first render.
 */
export function I18nProvider({
  initial,
  children,
}: {
  initial: Locale;
  children: (locale: Locale) => ReactNode;
}) {
  const [locale, setLocale] = useState(initial);

  const show = useCallback(async (next: Locale) => {
    await activateLocale(next);
    setLocale(next);
  }, []);

  // Back and Forward across languages: the address decides.
  useEffect(() => {
    const onPopState = () => {
      const { locale: inAddress } = splitLocalePath(here().pathname);
      if (inAddress !== i18n.locale) void show(inAddress);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [show]);

  // The manifest link too: a static host serves every address the English index.html, so an
  // install from a Thai page would otherwise name the app in English.
  useEffect(() => {
    document.documentElement.lang = LANGUAGE_TAGS[locale];
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestPath(locale));
  }, [locale]);

  const switchLocale = useCallback((next: Locale) => {
    storeLocale(next);
    const { pathname, search, hash } = here();
    const target = localizedPath(next, splitLocalePath(pathname).path) + search + hash;
    void activateLocale(next).then(() => {
      window.history.pushState(null, '', target);
      setLocale(next);
    });
  }, []);

  const value = useMemo<I18nState>(
    () => ({ i18n: typed(i18n), locale, switchLocale }),
    [locale, switchLocale],
  );
  return <I18nContext.Provider value={value}>{children(locale)}</I18nContext.Provider>;
}

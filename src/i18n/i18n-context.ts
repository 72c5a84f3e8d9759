import { createContext, useContext } from 'react';
import './catalogs';
import { i18n } from './i18n';
import { DEFAULT_LOCALE, type Locale } from '../shared/i18n/locales';
import { typed, type Messages } from '../shared/i18n/messages';

export interface I18nState {
  i18n: Messages;
  locale: Locale;
  /** Shows the same page in `locale` (its address, its catalog) and remembers the choice. */
  switchLocale: (locale: Locale) => void;
}

// Without a provider (unit tests of one component) the page is English.
export const I18nContext = createContext<I18nState>({
  i18n: typed(i18n),
  locale: DEFAULT_LOCALE,
  switchLocale: () => {},
});

export const useI18n = (): I18nState => useContext(I18nContext);

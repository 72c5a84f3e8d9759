import type { Messages as CompiledMessages } from '@lingui/core';
import { messages as en } from './catalogs/en.json?lingui';
import { i18n } from './i18n';
import { DEFAULT_LOCALE, INTL_LOCALES, type Locale } from './locales';

// English is in the first load (the default pages must not wait for a catalog); every other
// language is its own chunk, fetched when a page in it is shown (ADR 027).
i18n.load(DEFAULT_LOCALE, en);

const catalogs: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: CompiledMessages }>> = {
  th: () => import('./catalogs/th.json?lingui'),
  lo: () => import('./catalogs/lo.json?lingui'),
  vi: () => import('./catalogs/vi.json?lingui'),
  zh: () => import('./catalogs/zh.json?lingui'),
  ms: () => import('./catalogs/ms.json?lingui'),
};

const loaded = new Map<Locale, CompiledMessages>([[DEFAULT_LOCALE, en]]);

/** The compiled catalog of a language, fetched once. */
export async function loadMessages(locale: Locale): Promise<CompiledMessages> {
  const known = loaded.get(locale);
  if (known) return known;
  const { messages } = await catalogs[locale as Exclude<Locale, 'en'>]();
  loaded.set(locale, messages);
  return messages;
}

/** Makes `locale` the page's language once its catalog (and, for Thai and Lao, font) is here. */
export async function activateLocale(locale: Locale): Promise<void> {
  const [messages] = await Promise.all([loadMessages(locale), loadFonts(locale)]);
  i18n.load(locale, messages);
  i18n.activate(locale, [INTL_LOCALES[locale]]);
}

// Thai and Lao need a font many systems lack; English pages never load it (ADR 027).
function loadFonts(locale: Locale): Promise<unknown> {
  if (locale !== 'th' && locale !== 'lo') return Promise.resolve();
  return import('./fonts.css').catch(() => undefined);
}

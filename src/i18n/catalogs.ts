import type { Messages as CompiledMessages } from '@lingui/core';
// eslint-disable-next-line import-x/no-unresolved -- made by scripts/vite-catalogs.ts at build time
import { loadPart } from 'virtual:lingui-parts';
import { messages as enCore } from './catalogs/en.json?lingui&part=core';
import type { CatalogPart } from '../shared/i18n/catalog-parts';
import { i18n } from './i18n';
import { DEFAULT_LOCALE, INTL_LOCALES, type Locale } from '../shared/i18n/locales';

// English's core part (the layout, Today) is in the first load: the default pages must not wait
// for a catalog. Every other part of every language is its own chunk, fetched with the page that
// needs it (src/shared/i18n/catalog-parts.ts, ADR 027).
i18n.load(DEFAULT_LOCALE, enCore);

const fetched = new Map<string, Promise<CompiledMessages>>([
  [`${DEFAULT_LOCALE}:core`, Promise.resolve(enCore)],
]);
const ready = new Set<string>([`${DEFAULT_LOCALE}:core`]);
/** The parts the pages shown so far needed: a switch of language brings them in the new one. */
const used = new Set<CatalogPart>(['core']);

/** One part of a language's catalog, fetched once (a failed fetch is tried again next time). */
export function loadMessages(
  locale: Locale,
  part: CatalogPart = 'core',
): Promise<CompiledMessages> {
  const key = `${locale}:${part}`;
  let pending = fetched.get(key);
  if (!pending) {
    pending = loadPart(locale, part).then(({ messages }) => messages);
    pending.catch(() => fetched.delete(key));
    fetched.set(key, pending);
  }
  return pending;
}

/** Whether `part` of `locale` is in the i18n instance, so its messages render now. */
export const partReady = (locale: Locale, part: CatalogPart): boolean =>
  ready.has(`${locale}:${part}`);

/** Brings `part` of `locale` (the active language unless given) into the i18n instance. */
export async function requirePart(
  part: CatalogPart,
  locale: Locale = i18n.locale as Locale,
): Promise<void> {
  used.add(part);
  if (partReady(locale, part)) return;
  const messages = await loadMessages(locale, part);
  i18n.load(locale, messages);
  ready.add(`${locale}:${part}`);
}

/** A lazy module with the catalog part it renders, fetched side by side (ADR 027). */
export const withPart = <M>(part: CatalogPart, chunk: Promise<M>): Promise<M> =>
  Promise.all([chunk, requirePart(part)]).then(([module]) => module);

/**
 * Makes `locale` the page's language once its catalog parts (core, those of the pages shown so
 * far and `extra`) and, for Thai and Lao, its font are here: no text shows in the wrong language.
 */
export async function activateLocale(locale: Locale, extra?: CatalogPart | null): Promise<void> {
  if (extra) used.add(extra);
  await Promise.all([
    ...[...used].map((part) => requirePart(part, locale)),
    loadFonts(locale),
    loadDates(locale),
  ]);
  i18n.activate(locale, [INTL_LOCALES[locale]]);
}

// Lao dates come from the catalog where the browser has no Lao data (src/shared/i18n/format.ts): the
// part and its code only then, and not a `used` part, so no other language fetches its own.
async function loadDates(locale: Locale): Promise<void> {
  if (locale !== 'lo' || partReady(locale, 'dates')) return;
  if (Intl.DateTimeFormat.supportedLocalesOf('lo').length) return;
  const [messages, { writeLaoDatesFromCatalog }] = await Promise.all([
    loadMessages(locale, 'dates'),
    import('./catalog-dates'),
  ]);
  i18n.load(locale, messages);
  ready.add(`${locale}:dates`);
  writeLaoDatesFromCatalog();
}

// Thai and Lao need a font many systems lack; English pages never load it (ADR 027). The page
// waits for its files (./fonts.ts), whose code is not in the first load either.
export function loadFonts(locale: Locale): Promise<void> {
  if (locale !== 'th' && locale !== 'lo') return Promise.resolve();
  return import('./fonts').then(
    (fonts) => fonts.fontsLoaded(locale),
    () => undefined,
  );
}

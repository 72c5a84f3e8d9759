import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { INTL_LOCALES, LOCALES, type Locale } from '../../../src/shared/i18n/locales.ts';
import { typed, type Messages } from '../../../src/shared/i18n/messages.ts';

const catalogDir = new URL('../../../src/i18n/catalogs/', import.meta.url);

/**
 * Lingui compiles a message each time it is used; a page's meta uses a dozen, for every page
 * served. Kept here instead: the keys are the catalogs' messages, so the map stays their size.
 */
function compiledOnce(): typeof compileMessage {
  const compiled = new Map<string, ReturnType<typeof compileMessage>>();
  return (message) => {
    let each = compiled.get(message);
    if (each === undefined) compiled.set(message, (each = compileMessage(message)));
    return each;
  };
}

/**
 * The app's catalogs (src/i18n/catalogs/*.json, ADR 027), one Lingui instance per language, so
 * the served title, description and Open Graph tags read as the page will. The browser gets them
 * compiled at build time; here they are compiled once, on first use of each message.
 */
function load(locale: Locale): Messages {
  const file = fileURLToPath(new URL(`${locale}.json`, catalogDir));
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compiledOnce());
  i18n.load(locale, messages);
  i18n.activate(locale, [INTL_LOCALES[locale]]);
  return typed(i18n);
}

let instances: Map<Locale, Messages> | undefined;

export function messagesFor(locale: Locale): Messages {
  instances ??= new Map(LOCALES.map((each) => [each, load(each)]));
  return instances.get(locale)!;
}

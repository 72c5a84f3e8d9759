import { setupI18n } from '@lingui/core';
import { INTL_LOCALES, type Locale } from '../../shared/i18n/locales';
import { typed, type Messages } from '../../shared/i18n/messages';

/**
 * For tests: a Lingui instance of its own in `locale` with the language's whole catalog
 * (uncompiled: Lingui compiles each message on first use), leaving the app's instance alone.
 */
export async function messagesIn(locale: Locale): Promise<Messages> {
  const catalog = (await import(`../catalogs/${locale}.json`)) as {
    default: Record<string, string>;
  };
  const i18n = setupI18n({ locale, messages: { [locale]: catalog.default } });
  i18n.activate(locale, [INTL_LOCALES[locale]]);
  return typed(i18n);
}

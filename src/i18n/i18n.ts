import { setupI18n } from '@lingui/core';
import { DEFAULT_LOCALE } from './locales';
import { typed, type Messages } from './messages';

/**
 * The app's one Lingui instance, active in the page's language. Free of catalogs itself, so the
 * pure meta of src/config/page-meta.ts can name it under Node too; src/i18n/catalogs.ts fills it.
 */
export const i18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } });

/** The instance with typed ids: what code without a React context (page meta) translates with. */
export const current = (): Messages => typed(i18n);

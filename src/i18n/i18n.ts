import { setupI18n } from '@lingui/core';
import { DEFAULT_LOCALE } from '../shared/i18n/locales';
import { typed, type Messages } from '../shared/i18n/messages';

/**
 * A message asked for while its catalog part is not loaded (src/shared/i18n/catalog-parts.ts): a bug,
 * never an English fallback. Tests and `npm run dev` throw; a built page names it in the console,
 * which the e2e specs fail on (tests/e2e/languages.spec.ts).
 */
export function missingMessage(locale: string, id: string): string {
  const problem = `Message "${id}" is not loaded in "${locale}" (src/shared/i18n/catalog-parts.ts)`;
  // Optional: the local stack imports this file under Node, where import.meta has no env.
  if ((import.meta as { env?: { DEV?: boolean } }).env?.DEV) throw new Error(problem);
  console.error(problem);
  return id;
}

/**
 * The app's one Lingui instance, active in the page's language. Free of catalogs itself, so the
 * pure meta of src/shared/config/page-meta.ts can name it under Node too; src/i18n/catalogs.ts fills it.
 */
export const i18n = setupI18n({
  locale: DEFAULT_LOCALE,
  messages: { [DEFAULT_LOCALE]: {} },
  missing: missingMessage,
});

/** The instance with typed ids: what code without a React context (page meta) translates with. */
export const current = (): Messages => typed(i18n);

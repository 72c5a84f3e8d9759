import type { I18n } from '@lingui/core';
import type enCatalog from '../../i18n/catalogs/en.json';
import type { Locale } from './locales.ts';

/** Every message id: the English catalog's keys, so a typo in an id fails the typecheck. */
export type MessageId = keyof typeof enCatalog;

/** Values of an ICU message's arguments (`{count, plural, ...}`, `{date}`). */
export type MessageValues = Record<string, string | number>;

/**
 * Lingui's `i18n` with typed ids. Code calls it as `i18n._('id', values)`: the name and shape
 * `lingui extract` finds (npm run i18n:extract).
 */
export interface Messages {
  _(id: MessageId, values?: MessageValues): string;
  readonly locale: Locale;
}

export const typed = (i18n: I18n): Messages => i18n as unknown as Messages;

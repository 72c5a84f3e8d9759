import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useI18n } from '@/i18n/i18n-context';
import { LANGUAGE_TAGS, LOCALE_NAMES, LOCALES, isLocale } from '@/shared/i18n/locales';

// Each tone sets what the other leaves out (background, outline colour), so the classes join
// without tailwind-merge: the header is in the first load (docs/decisions/034).
const TONES = {
  // On the coloured site header.
  header:
    'border-white/40 bg-transparent focus-visible:outline-white [&>option]:bg-card [&>option]:text-foreground',
  // On a card or the page (sign-in, the dashboard's header).
  plain: 'border-input bg-background focus-visible:outline-ring',
};

/**
 * The header's language switch: a native select (keyboard, screen readers and a phone's picker
 * for free), each language named in its own script. Switching keeps the page (ADR 027).
 */
export function LanguageControl({ tone = 'header' }: { tone?: keyof typeof TONES }) {
  const { i18n, locale, switchLocale } = useI18n();
  const id = useId();
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={id} className="flex items-center">
        <Languages aria-hidden className="size-4" />
        <span className="sr-only">{i18n._('language.label')}</span>
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) switchLocale(event.target.value);
        }}
        className={`h-9 rounded-md border px-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-solid ${TONES[tone]}`}
      >
        {LOCALES.map((choice) => (
          <option key={choice} value={choice} lang={LANGUAGE_TAGS[choice]}>
            {LOCALE_NAMES[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}

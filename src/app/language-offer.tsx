import { setupI18n } from '@lingui/core';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { loadMessages } from '@/i18n/catalogs';
import { missingMessage } from '@/i18n/i18n';
import { useI18n } from '@/i18n/i18n-context';
import { storeLocale } from '@/i18n/locale-choice';
import { LANGUAGE_TAGS, type Locale } from '@/shared/i18n/locales';
import { typed } from '@/shared/i18n/messages';
import { afterFirstPaint } from '@/lib/after-first-paint';

interface Offer {
  locale: Locale;
  text: string;
  close: string;
}

/**
 * On an English page, a browser that prefers another of the site's languages gets one line, in
 * that language, offering to switch: never a redirect (the English address stays English for
 * links and crawlers). Choosing or closing it is remembered, so it is offered once.
 */
export function LanguageOffer({ wanted }: { wanted: Locale }) {
  const { locale, switchLocale } = useI18n();
  const [offer, setOffer] = useState<Offer | null>(null);

  useEffect(() => {
    if (locale !== 'en') return;
    let live = true;
    // Its words (the `offer` part of that language's catalog) are fetched after the page has
    // painted, and this module only when there is something to offer (public-layout.tsx).
    void afterFirstPaint()
      .then(() => loadMessages(wanted, 'offer'))
      .then((messages) => {
        const i18n = typed(
          setupI18n({ locale: wanted, messages: { [wanted]: messages }, missing: missingMessage }),
        );
        if (live)
          setOffer({
            locale: wanted,
            text: i18n._('language.offer'),
            close: i18n._('language.offerClose'),
          });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [locale, wanted]);

  if (!offer || locale !== 'en') return null;
  return (
    <p
      lang={LANGUAGE_TAGS[offer.locale]}
      className="flex items-center justify-center gap-2 bg-accent px-4 py-1.5 text-sm text-accent-foreground print:hidden"
    >
      <button
        type="button"
        className="underline underline-offset-2"
        onClick={() => switchLocale(offer.locale)}
      >
        {offer.text}
      </button>
      <button
        type="button"
        aria-label={offer.close}
        className="rounded-sm p-1"
        onClick={() => {
          storeLocale('en');
          setOffer(null);
        }}
      >
        <X aria-hidden className="size-4" />
      </button>
    </p>
  );
}

import { setupI18n } from '@lingui/core';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { loadFonts, loadMessages } from '@/i18n/catalogs';
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
 *
 * It floats at the foot of the window: it arrives after the page has painted, and in the page's
 * flow it would push the whole page down under a reader's eyes (a layout shift, issue 26). It
 * stays first in the document, so a keyboard or a screen reader meets it before the header.
 */
export function LanguageOffer({ wanted }: { wanted: Locale }) {
  const { locale, switchLocale } = useI18n();
  const [offer, setOffer] = useState<Offer | null>(null);

  useEffect(() => {
    if (locale !== 'en') return;
    let live = true;
    // Its words (the `offer` part of that language's catalog) are fetched after the page has
    // painted, and this module only when there is something to offer (public-layout.tsx). Its
    // line is in that language: a Thai or Lao one waits for its font (ADR 027), as a Thai or Lao
    // page does, so it never reflows once shown.
    void afterFirstPaint()
      .then(() => Promise.all([loadMessages(wanted, 'offer'), loadFonts(wanted)]))
      .then(([messages]) => {
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
      className="fixed inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-40 mx-auto flex w-fit items-center gap-2 rounded-full border bg-accent py-1.5 ps-4 pe-1.5 text-sm text-accent-foreground shadow-lg print:hidden"
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
        className="rounded-full p-1.5"
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

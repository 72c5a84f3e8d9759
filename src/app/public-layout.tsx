import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RouteErrorBoundary } from './error-boundary';
import { PageFallback } from './page-fallback';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useI18n } from '@/i18n/i18n-context';
import { localeToOffer } from '@/i18n/locale-choice';
import { lazyWithRetry } from '@/components/lazy-with-retry';
import { useFocusPageHeading } from './use-focus-page-heading';

// At least the viewport's height, so the footer starts below the fold: a page whose content arrives
// after its first paint (rows, the grid, a check's answer) then moves it only where no one sees
// it, which is no layout shift (CLS counts only what moves inside the viewport; ADR 029).
const mainClass = 'mx-auto min-h-dvh w-full print:min-h-0 max-w-4xl flex-1 px-4 py-8';

// Only a browser that prefers another of the site's languages is offered it, and only then is
// the offer's code fetched; an offer that cannot be fetched is simply not made.
const LanguageOffer = lazyWithRetry(
  () => import('./language-offer'),
  (module) => module.LanguageOffer,
  { Failed: () => null },
);

export function PublicLayout() {
  const { pathname } = useLocation();
  const { i18n, locale } = useI18n();
  const [offered] = useState(localeToOffer);
  // A new page starts at its top, as a full page load would. The body's braces matter: in
  // current Chromium `scrollTo` returns a Promise, and an effect that returned it would hand React
  // a "cleanup" that is not a function, which throws on the next page change.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useFocusPageHeading(pathname, 'main');

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 text-foreground focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {i18n._('nav.skip')}
      </a>
      {offered && locale === 'en' && <LanguageOffer wanted={offered} />}
      <SiteHeader />
      {/* The footer arrives with the page: shown under the full-height fallback, it would jump
          up into view when a short page replaced it (a layout shift Lighthouse counts). */}
      <Suspense
        fallback={
          <main id="main" tabIndex={-1} className={mainClass}>
            <PageFallback />
          </main>
        }
      >
        <main id="main" tabIndex={-1} className={mainClass}>
          <RouteErrorBoundary inLayout>
            <Outlet />
          </RouteErrorBoundary>
        </main>
        <SiteFooter />
      </Suspense>
    </div>
  );
}

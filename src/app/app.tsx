import { BrowserRouter } from 'react-router-dom';
import { I18nProvider } from '@/i18n/i18n-provider';
import { localePrefix, routerBasename, type Locale } from '@/shared/i18n/locales';
import { AppErrorBoundary } from './error-boundary';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * `/th` is Thai Today under its one address, `/th/` (the stack redirects; a static host or the
 * dev server serves the page, which a `/th/` basename would not match).
 */
function withRootSlash(locale: Locale): void {
  const prefix = localePrefix(locale);
  const { pathname, search, hash } = window.location;
  if (prefix && pathname === prefix)
    window.history.replaceState(window.history.state, '', `${prefix}/${search}${hash}`);
}

/**
 * One router per language, its prefix as basename (`/th/`), so the routes and every link are the
 * same in each (ADR 027); switching language mounts the new one on the same page.
 */
export function App({ locale = 'en' }: { locale?: Locale }) {
  return (
    <AppErrorBoundary>
      <AppProvider>
        <I18nProvider initial={locale}>
          {(shown) => {
            withRootSlash(shown);
            return (
              <BrowserRouter key={shown} basename={routerBasename(shown)}>
                <AppRoutes />
              </BrowserRouter>
            );
          }}
        </I18nProvider>
      </AppProvider>
    </AppErrorBoundary>
  );
}

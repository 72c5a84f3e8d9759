import { BrowserRouter } from 'react-router-dom';
import { I18nProvider } from '@/i18n/i18n-provider';
import { localePrefix, type Locale } from '@/i18n/locales';
import { AppErrorBoundary } from './error-boundary';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * One router per language, its prefix as basename (`/th`), so the routes and every link are the
 * same in each (ADR 027); switching language mounts the new one on the same page.
 */
export function App({ locale = 'en' }: { locale?: Locale }) {
  return (
    <AppErrorBoundary>
      <AppProvider>
        <I18nProvider initial={locale}>
          {(shown) => (
            <BrowserRouter key={shown} basename={localePrefix(shown) || undefined}>
              <AppRoutes />
            </BrowserRouter>
          )}
        </I18nProvider>
      </AppProvider>
    </AppErrorBoundary>
  );
}

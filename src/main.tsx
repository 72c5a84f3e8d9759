import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { removeServedMeta } from './shared/config/meta-tags';
import { partOfPath } from './shared/i18n/catalog-parts';
import { activateLocale } from './i18n/catalogs';
import { splitLocalePath } from './shared/i18n/locales';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The served head tags (title, description, canonical, social: src/shared/config/meta-tags.ts) serve
// crawlers and the moment before the app runs; each page then renders its own into <head> (as new
// elements, not adopting these: PageMeta), and a document has one title.
removeServedMeta();

// The first render is a transition: React (the dev server) renders it in slices of about 5 ms
// and commits once, where its render held a phone's main thread for 250-470 ms under 4x CPU
// throttle. Preact, which renders the build (ADR 039), has no slices: it renders at once, and the
// first paint comes sooner than React's did (docs/benchmarks.md). Nothing paints before that
// commit.
const render = (locale = splitLocalePath(window.location.pathname).locale) =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App locale={locale} />
      </StrictMode>,
    ),
  );

// English Today renders at once; another language, or another page, first fetches its catalog
// parts (ADR 027), so the page never flashes English or a message id. A catalog that cannot be
// fetched still renders: the page's own gate then says it needs a connection.
const { locale, path } = splitLocalePath(window.location.pathname);
const part = partOfPath(path);
if (locale === 'en' && !part) render();
else
  void activateLocale(locale, part).then(
    () => render(locale),
    () => render(locale),
  );

// The offline app (docs/decisions/015): its code, like its worker, waits until the page has loaded.
if (!import.meta.env.DEV && 'serviceWorker' in navigator) {
  window.addEventListener(
    'load',
    () => void import('./pwa/register-service-worker').then((pwa) => pwa.registerServiceWorker()),
    { once: true },
  );
}

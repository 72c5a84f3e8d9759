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
// crawlers and the moment before the app runs; each page then renders its own (React 19 adds new
// elements rather than adopting them), and a document has one title.
removeServedMeta();

// The first render is a transition: React renders it in slices of about 5 ms and commits once,
// so a phone's main thread is never held for the whole render (250-470 ms under 4x CPU throttle)
// and input between slices is answered. Nothing paints before that commit: the root is empty.
// (It was one synchronous render in the entry's task, and Lighthouse's simulation counted it as
// blocking time all the same: docs/benchmarks.md.)
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

import { afterFirstPaint } from '@/lib/after-first-paint';

/**
 * Registers the service worker (dist/sw.js, docs/decisions/015). main.tsx loads this module once
 * the page has loaded; the worker then waits for a painted frame and an idle moment, so neither
 * its download nor the app shell it caches competes with the first load (ADR 007). Not under
 * `npm run dev`: Vite serves modules that no shell list could name.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  void afterFirstPaint()
    .then(whenIdle)
    // Refused on an insecure origin or by a browser setting: the app works without it.
    .then(() => navigator.serviceWorker.register('/sw.js'))
    .catch(() => undefined);
  reloadWhenReplaced();
}

/** The worker's install downloads the shell: not while the page still loads its data. */
const whenIdle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 1000);
  });

/**
 * A deploy replaces the worker while this page runs an older build, whose lazy chunks the new
 * build no longer has. Vite reports such a failed import as `vite:preloadError`; once a new
 * worker has taken over, a reload (online) loads the new build instead of showing an error.
 */
function reloadWhenReplaced(): void {
  let replaced = false;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    replaced = hadController;
  });
  window.addEventListener('vite:preloadError', (event) => {
    if (!replaced || !navigator.onLine) return;
    event.preventDefault();
    window.location.reload();
  });
}

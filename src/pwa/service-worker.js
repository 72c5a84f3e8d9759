/* global self, caches, fetch, Request, URL, BUILD, PRECACHE */
// The service worker (docs/decisions/015). scripts/vite-service-worker.ts writes it to dist/sw.js
// with BUILD (a hash of the build) and PRECACHE (the app shell's hashed files) defined above this
// line, so every build is a new worker with caches of its own. Plain JavaScript: it ships as is.
//
// It answers page loads and the app's own files only. API requests (/rest/v1, /auth/v1,
// /functions/v1, the realtime socket) never pass through it: a token, an admin's write or a
// live answer cannot be cached by it, and a failing API still fails on the page. The last
// results seen are kept by the page itself (src/lib/offline-fetch.ts), which can then say so.

const SHELL = `lotto24-shell-${BUILD}`;
const SHELL_PREFIX = 'lotto24-shell-';

self.addEventListener('install', (event) => {
  // '/' as the stack serves it (with its runtime config), and the files its first load needs.
  event.waitUntil(
    caches
      .open(SHELL)
      // The shell without the day's rows the stack puts in a page (server/src/static/served-results.ts):
      // served offline long after, they would be stale.
      .then((cache) =>
        cache.addAll([new Request('/', { headers: { 'X-Lotto24-Shell': '1' } }), ...PRECACHE]),
      )
      // A new build takes over at once: page loads are network-first, so nothing a visitor
      // loads after a deploy comes from an older build.
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(SHELL_PREFIX) && name !== SHELL)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Network first: online, every page load is the deployed app; offline, this build's shell. */
async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cache = await caches.open(SHELL);
    const shell = await cache.match('/');
    if (shell) return shell;
    throw error;
  }
}

/** Hashed files never change: from the cache, else the network (then kept for offline). */
async function asset(request) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
  } else if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(asset(request));
  }
});

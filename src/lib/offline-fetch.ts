import { noteResultsRead } from './offline-copy';

/** The Cache Storage cache of results read as anon (docs/decisions/015). */
export const RESULTS_CACHE = 'lotto24-results-v1';
/** The most recent reads kept; each is one day's list, a few KB. */
export const MAX_SAVED_READS = 20;
const SAVED_AT = 'x-lotto24-saved-at';

/** A day's list (the pages' one query): other reads of the table must not push those out. */
const isResultsRead = (url: URL) =>
  url.pathname.endsWith('/rest/v1/lottery_results') &&
  Boolean(url.searchParams.get('draw_date')?.startsWith('eq.'));

/**
 * Only public reads are kept: no Authorization, or the anon key's own (what supabase-js sends
 * without a session). A signed-in admin's reads include unpublished draws and are never stored.
 */
function isPublicRead(request: Request): boolean {
  const auth = request.headers.get('authorization');
  const key = request.headers.get('apikey');
  return auth === null || (key !== null && auth === `Bearer ${key}`);
}

async function save(request: Request, response: Response): Promise<void> {
  const cache = await caches.open(RESULTS_CACHE);
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, String(Date.now()));
  await cache.put(request.url, new Response(await response.blob(), { status: 200, headers }));
  // Oldest first (a put moves its entry to the end): keep the newest reads.
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, -MAX_SAVED_READS).map((key) => cache.delete(key)));
}

/**
 * supabase-js's fetch: results read as anon are kept in Cache Storage, and when the network
 * cannot be reached the last copy of the same read answers instead, flagged
 * (src/lib/offline-copy.ts) so the page says since when. Whether `navigator.onLine` agrees does
 * not matter: it can claim a network that is not there (a captive portal; Chromium after an
 * offline reload). A server that answers with an error still fails the read: the page says so
 * and offers Retry, rather than passing off an old copy as the current results.
 */
export function offlineFetch(base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (typeof caches === 'undefined' || method.toUpperCase() !== 'GET') return base(input, init);
    // A GET has no body, so building the Request to read its URL and headers consumes nothing.
    const request = new Request(input, init);
    if (!isResultsRead(new URL(request.url)) || !isPublicRead(request)) return base(input, init);
    try {
      const response = await base(input, init);
      if (response.status === 200) {
        noteResultsRead(null);
        // A full Cache Storage or a private window's refusal must not fail the read.
        void save(request, response.clone()).catch(() => undefined);
      }
      return response;
    } catch (error) {
      // A read the page gave up on (its own time limit, or a newer read) is not a lost network.
      if (request.signal.aborted) throw error;
      const copy = await caches
        .open(RESULTS_CACHE)
        .then((cache) => cache.match(request.url))
        .catch(() => undefined);
      if (!copy) throw error;
      noteResultsRead(Number(copy.headers.get(SAVED_AT)) || 0);
      return copy;
    }
  };
}

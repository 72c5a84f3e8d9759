/**
 * How long a read may take before the page says it failed. A server that accepts the connection
 * but never answers would otherwise keep the spinner up forever.
 */
export const READ_TIMEOUT_MS = 10_000;

/**
 * Every page's read of the backend: `read` gets a signal that aborts after READ_TIMEOUT_MS, or as
 * soon as `signal` does (React Query's, when the query is cancelled: a live change made it
 * stale), so the request stops on the wire too. A timer of the page's own, not
 * AbortSignal.timeout, so a test's clock can run it out. Reads pass `.retry(false)` as well:
 * postgrest-js retries a failed GET three times (1 s, 2 s, 4 s), and with React Query's own retry
 * on top a refused connection spun for about 16 s; React Query's one retry is enough.
 */
export async function boundedRead<T>(
  signal: AbortSignal | undefined,
  read: (signal: AbortSignal) => PromiseLike<T>,
): Promise<T> {
  const bounded = new AbortController();
  const timer = setTimeout(() => bounded.abort(), READ_TIMEOUT_MS);
  const cancel = () => bounded.abort();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await read(bounded.signal);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

/**
 * The downloads of one lazy chunk, attempt by attempt. A failed download (offline, say) resolves
 * to `null` instead of rejecting, so the page can say it needs a connection and offer Retry
 * rather than reaching the error boundary's "Something went wrong".
 *
 * A retry asks for the chunk under a fresh URL: the browser's module map may keep a failed import
 * failed for the life of the page (Chromium 150 does), so the same URL would fail again even
 * online. Its dependencies keep their URLs (one React, one of each shared chunk), and when one of
 * them failed too (Vite preloads them beside the chunk), only a new page can load the graph: a
 * retry that fails while the browser is online reloads the page, which keeps its address.
 */
export interface ChunkLoader<T> {
  /** The attempt a newly mounted consumer uses: the last one, unless it failed. */
  fresh(): number;
  /** The download of `attempt`, kept so React's `use()` sees the same promise on every render. */
  get(attempt: number): Promise<T | null>;
  /** What `attempt` gave once it has settled (so a mount after that renders it at once). */
  settled(attempt: number): { value: T | null } | undefined;
}

/** The chunk's URL as browsers name it in a failed import's message (Chromium, Firefox). */
const CHUNK_URL = /(https?:\/\/[^\s'"]+\.js)\b/;

export function chunkLoader<M, T>(load: () => Promise<M>, pick: (module: M) => T): ChunkLoader<T> {
  const attempts: Promise<T | null>[] = [];
  const failed = new Set<number>();
  const results = new Map<number, { value: T | null }>();
  let lastError: unknown;

  const download = (attempt: number): Promise<M> => {
    if (attempt === 0) return load();
    const url = CHUNK_URL.exec(String(lastError))?.[1];
    // Without a URL (Safari names none) the same import is tried again.
    const retry = url
      ? (import(/* @vite-ignore */ `${url}?attempt=${attempt}`) as Promise<M>)
      : load();
    return retry.catch((error: unknown) => {
      if (!navigator.onLine) throw error;
      window.location.reload();
      return new Promise<M>(() => undefined);
    });
  };

  return {
    fresh: () =>
      attempts.length === 0 || failed.has(attempts.length - 1)
        ? attempts.length
        : attempts.length - 1,
    get: (attempt) =>
      (attempts[attempt] ??= download(attempt)
        .then(pick, (error: unknown) => {
          failed.add(attempt);
          lastError = error;
          return null;
        })
        .then((value) => {
          results.set(attempt, { value });
          return value;
        })),
    settled: (attempt) => results.get(attempt),
  };
}

/**
 * The downloads of one lazy chunk, attempt by attempt. A failed download (offline, say) resolves
 * to `null` instead of rejecting, so the page can say it needs a connection and offer Retry
 * rather than reaching the error boundary's "Something went wrong".
 *
 * A retry imports the chunk again. Where the browser keeps a failed module graph failed for the
 * life of the page (Chromium 150 does, the chunk's preloaded dependencies included), that fails
 * again even online, and only a new page can load it: a retry that fails while the browser is
 * online reloads the page, which keeps its address. (Importing the chunk's file under a fresh URL
 * does not help: a bundled chunk exports minified names, not the module's.)
 */
export interface ChunkLoader<T> {
  /** The attempt a newly mounted consumer uses: the last one, unless it failed. */
  fresh(): number;
  /** The download of `attempt`, kept so React's `use()` sees the same promise on every render. */
  get(attempt: number): Promise<T | null>;
  /** What `attempt` gave once it has settled (so a mount after that renders it at once). */
  settled(attempt: number): { value: T | null } | undefined;
  /**
   * Starts the first download, if none has started (a pointer over what needs it). A preload
   * never retries a failed one: only what the visitor sees fail is tried again.
   */
  preload(): void;
}

/** A page reloads for a failed import at most this often (a server that lost the build's files). */
const RELOAD_FOR_IMPORT_MS = 60_000;
const RELOADED_KEY = 'lotto24:reloaded-for-import';

/**
 * Reloads the page for an import that failed again online (see above) when no one asked for it
 * (the live client's own retries), unless this tab did so in the last minute: then false, and the
 * caller keeps retrying instead of reloading in a loop. Without storage to remember it by, never
 * reloads. A retry the visitor pressed reloads every time.
 */
export function reloadForFailedImport(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_KEY));
    if (Date.now() - last < RELOAD_FOR_IMPORT_MS) return false;
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

export function chunkLoader<M, T>(load: () => Promise<M>, pick: (module: M) => T): ChunkLoader<T> {
  const attempts: Promise<T | null>[] = [];
  const results = new Map<number, { value: T | null }>();

  const download = (attempt: number): Promise<M> =>
    attempt === 0
      ? load()
      : load().catch((error: unknown) => {
          // A visitor pressed Retry: reload as often as they press it.
          if (!navigator.onLine) throw error;
          window.location.reload();
          return new Promise<M>(() => undefined);
        });

  const get = (attempt: number) =>
    (attempts[attempt] ??= download(attempt)
      .then(pick, () => null)
      .then((value) => {
        results.set(attempt, { value });
        return value;
      }));

  return {
    fresh: () => {
      const last = attempts.length - 1;
      // A failed attempt has settled to null; one still under way is shared.
      return last < 0 || results.get(last)?.value === null ? attempts.length : last;
    },
    get,
    settled: (attempt) => results.get(attempt),
    preload: () => {
      if (attempts.length === 0) void get(0);
    },
  };
}

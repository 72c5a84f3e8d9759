import { useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react';
import { chunkLoader } from '@/lib/chunk-loader';

export interface FailedChunkProps {
  /** Downloads the chunk again (src/lib/chunk-loader.ts). */
  onRetry: () => void;
}

interface LazyOptions<P> {
  /**
   * Shown until the chunk is here. A function is given the component's props and, with
   * `onDemand`, what starts the download.
   */
  loading?: ReactNode | ((props: P, load: () => void) => ReactNode);
  /** Download when `loading` calls its `load` (a visitor reaching for it), not on mount. */
  onDemand?: boolean;
  /** Shown when the download failed: says what is missing and offers Retry. */
  Failed: ComponentType<FailedChunkProps>;
}

/**
 * `React.lazy` for a chunk that may fail to download (offline, or a connection lost): instead of
 * throwing to the error boundary, which blanks the page with "Something went wrong", it shows
 * `Failed` where the component would be, and Retry downloads it again. A new mount (the page
 * opened again) tries again on its own. State and an effect rather than Suspense: the outcome of
 * an attempt is plain data, and a failure must not unmount what surrounds it.
 */
export function lazyWithRetry<P extends object, M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  { loading = null, onDemand = false, Failed }: LazyOptions<P>,
): ComponentType<P> {
  const chunk = chunkLoader(load, (module) => ({ Component: pick(module) }));
  return function LazyWithRetry(props: P) {
    const [attempt, setAttempt] = useState(chunk.fresh);
    const [, settledNow] = useReducer((renders: number) => renders + 1, 0);
    // On demand, an earlier mount's download (a page seen before) is used at once.
    const [asked, load] = useReducer(() => true, !onDemand || !!chunk.settled(attempt));
    const outcome = chunk.settled(attempt);
    useEffect(() => {
      if (outcome || !asked) return;
      let mounted = true;
      void chunk.get(attempt).then(() => mounted && settledNow());
      return () => {
        mounted = false;
      };
    }, [attempt, outcome, asked]);
    if (!outcome) return typeof loading === 'function' ? loading(props, load) : loading;
    if (!outcome.value) return <Failed onRetry={() => setAttempt(chunk.fresh())} />;
    return <outcome.value.Component {...props} />;
  };
}

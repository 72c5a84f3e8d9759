import { useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react';
import { chunkLoader } from '@/lib/chunk-loader';

export interface FailedChunkProps {
  /** Downloads the chunk again (src/lib/chunk-loader.ts). */
  onRetry: () => void;
}

interface LazyOptions {
  /** Shown while the chunk downloads. */
  loading?: ReactNode;
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
  { loading = null, Failed }: LazyOptions,
): ComponentType<P> {
  const chunk = chunkLoader(load, (module) => ({ Component: pick(module) }));
  return function LazyWithRetry(props: P) {
    const [attempt, setAttempt] = useState(chunk.fresh);
    const [, settledNow] = useReducer((renders: number) => renders + 1, 0);
    const outcome = chunk.settled(attempt);
    useEffect(() => {
      if (outcome) return;
      let mounted = true;
      void chunk.get(attempt).then(() => mounted && settledNow());
      return () => {
        mounted = false;
      };
    }, [attempt, outcome]);
    if (!outcome) return loading;
    if (!outcome.value) return <Failed onRetry={() => setAttempt(chunk.fresh())} />;
    return <outcome.value.Component {...props} />;
  };
}

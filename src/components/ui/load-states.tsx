import { RotateCw } from 'lucide-react';
import { buttonVariants } from './button-variants';
import { Spinner } from './spinner';

/** The spec's loading state, for pages beyond the results lists. */
export function LoadingState({ children = 'Loading results...' }: { children?: string }) {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 py-12 text-muted-foreground"
    >
      <Spinner aria-hidden className="size-6 text-primary" />
      <span>{children}</span>
    </div>
  );
}

/**
 * A read that failed is not an empty answer: say so, and offer to try again. Offline, the page
 * says it waits for the connection instead.
 */
export function LoadError({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card px-4 py-10 text-center"
    >
      <p className="font-medium">
        {offline
          ? 'You are offline: the results will load when the connection is back.'
          : 'The results could not be loaded.'}
      </p>
      {!offline && (
        <p className="text-sm text-muted-foreground">
          The lottery server did not answer. Check your connection and try again.
        </p>
      )}
      <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={onRetry}>
        <RotateCw aria-hidden />
        Retry
      </button>
    </div>
  );
}

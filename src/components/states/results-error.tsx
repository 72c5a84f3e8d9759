import { RotateCw } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';

export interface ResultsErrorProps {
  /** The read is waiting for the network rather than failed. */
  offline: boolean;
  onRetry: () => void;
}

/**
 * A read that failed is not an empty day: say the results could not be loaded (the error itself
 * is logged by the query cache) and offer to try again. Never "No results".
 */
export function ResultsError({ offline, onRetry }: ResultsErrorProps) {
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

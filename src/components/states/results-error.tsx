import { RotateCw } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { useI18n } from '@/i18n/i18n-context';

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
  const { i18n } = useI18n();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card px-4 py-10 text-center"
    >
      <p className="font-medium">
        {offline ? i18n._('state.offlineWaiting') : i18n._('state.loadFailed')}
      </p>
      {!offline && (
        <p className="text-sm text-muted-foreground">{i18n._('state.loadFailedHint')}</p>
      )}
      <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={onRetry}>
        <RotateCw aria-hidden />
        {i18n._('action.retry')}
      </button>
    </div>
  );
}

import { Spinner } from '@/components/ui/spinner';

/** The spec's loading state, on every page that reads results. */
export function ResultsLoading({ children = 'Loading results...' }: { children?: string }) {
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

import { Spinner } from '@/components/ui/spinner';

export function ResultsLoading() {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 py-12 text-muted-foreground"
    >
      <Spinner aria-hidden className="size-6 text-primary" />
      <span>Loading results...</span>
    </div>
  );
}

import { Spinner } from '@/components/ui/spinner';
import { useI18n } from '@/i18n/i18n-context';

/** The spec's loading state, on every page that reads results. */
export function ResultsLoading({ children }: { children?: string }) {
  const { i18n } = useI18n();
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 py-12 text-muted-foreground"
    >
      <Spinner aria-hidden className="size-6 text-primary" />
      <span>{children ?? i18n._('state.loading')}</span>
    </div>
  );
}

import { useDeleteResultsRange } from '../api/delete-results-range';
import { useGenerateResults } from '../api/generate-results';
import { useExclusive } from '../hooks/use-exclusive';
import type { DateRange } from '../utils/date-range';
import { resultErrorMessage } from '../utils/error-message';
import { notifyError, notifySuccess } from '../utils/notify';
import { QuickActions } from './quick-actions';

export function QuickActionsSection({ today }: { today: string }) {
  const generate = useGenerateResults();
  const deleteRange = useDeleteResultsRange();
  // One range operation at a time, even for a double click that beats the disabled state.
  const exclusive = useExclusive();

  function runGenerate(range: DateRange) {
    void exclusive(async () => {
      try {
        await generate.mutateAsync(range);
        notifySuccess(`Random results generated from ${range.from} to ${range.to}`);
      } catch (error) {
        // The fetcher already chose the function's own message or the product's fallback.
        notifyError(error instanceof Error ? error.message : 'Failed to generate results');
      }
    });
  }

  function runDelete(range: DateRange) {
    void exclusive(async () => {
      try {
        await deleteRange.mutateAsync(range);
        notifySuccess('Results deleted successfully');
      } catch (error) {
        notifyError(resultErrorMessage(error));
      }
    });
  }

  return (
    <QuickActions
      today={today}
      generating={generate.isPending}
      deleting={deleteRange.isPending}
      onGenerate={runGenerate}
      onDeleteRange={runDelete}
      onInvalidRange={notifyError}
    />
  );
}

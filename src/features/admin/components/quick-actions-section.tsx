import { useNow } from '@/hooks/use-now';
import { todayIn } from '@/shared/lottery-clock';
import { useLotteryTimezone } from '@/lib/lottery-timezone';
import { useRangeCount } from '../api/count-range-results';
import { useDeleteResultsRange } from '../api/delete-results-range';
import { useGenerateResults } from '../api/generate-results';
import { useExclusive } from '../hooks/use-exclusive';
import type { DateRange } from '../utils/date-range';
import { resultErrorMessage } from '../utils/error-message';
import { notifyError, notifySuccess } from '../utils/notify';
import { publishedCutoff } from '../utils/published-cutoff';
import { QuickActions } from './quick-actions';
import { current } from '@/i18n/i18n';

/** A range's counts as of now: published means its draw time has come on the lottery clock. */
function useRangeCountNow(range: DateRange | null) {
  const timeZone = useLotteryTimezone();
  const now = useNow(60_000);
  return useRangeCount(range, publishedCutoff(todayIn(timeZone, now), timeZone, now));
}

export function QuickActionsSection({ today }: { today: string }) {
  const generate = useGenerateResults();
  const deleteRange = useDeleteResultsRange();
  // One range operation at a time, even for a double click that beats the disabled state.
  const exclusive = useExclusive();

  function runGenerate(range: DateRange) {
    void exclusive(async () => {
      try {
        const { created, skipped } = await generate.mutateAsync(range);
        notifySuccess(current()._('admin.generate.done', { created, skipped, ...range }));
      } catch (error) {
        // The function's own (English) message on an English page; the product's otherwise.
        notifyError(resultErrorMessage(error, undefined, current()._('admin.generate.failed')));
      }
    });
  }

  function runDelete(range: DateRange) {
    void exclusive(async () => {
      try {
        const deleted = await deleteRange.mutateAsync(range);
        notifySuccess(current()._('admin.deleteRange.done', { deleted, ...range }));
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
      useRangeCount={useRangeCountNow}
    />
  );
}

import { useRef, useState } from 'react';
import { useNow } from '@/hooks/use-now';
import { hourLabel, isPublished } from '@/lib/lottery-clock';
import type { LotteryResult } from '@/lib/types';
import { useDeleteResult } from '../api/delete-result';
import {
  isFiltered,
  isReversed,
  useLatestResults,
  usePastResults,
  type PastResultsFilter,
} from '../api/get-past-results';
import { useUpdateResult } from '../api/update-result';
import { useExclusive } from '../hooks/use-exclusive';
import { resultErrorMessage } from '../utils/error-message';
import { notifyError, notifySuccess } from '../utils/notify';
import { publishedCutoff } from '../utils/published-cutoff';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { PastResultsList } from './past-results-list';

export function PastResultsSection({ today, timeZone }: { today: string; timeZone: string }) {
  const [filter, setFilter] = useState<PastResultsFilter>({});
  const [confirming, setConfirming] = useState<LotteryResult | null>(null);
  const deleteTrigger = useRef<HTMLElement | null>(null);
  // Re-evaluated every minute so a row loses its Scheduled mark once its draw time passes.
  const now = useNow(60_000);
  const filtered = isFiltered(filter);
  const results = usePastResults(filter, { enabled: filtered && !isReversed(filter) });
  const latest = useLatestResults(publishedCutoff(today, timeZone, now), { enabled: !filtered });
  const update = useUpdateResult();
  const remove = useDeleteResult();
  // One row change at a time: a double click must not save or delete twice.
  const exclusive = useExclusive();

  const busyId =
    (update.isPending ? update.variables.id : null) ?? (remove.isPending ? remove.variables : null);

  async function save(result: LotteryResult, firstPrize: string): Promise<boolean> {
    const saved = await exclusive(async () => {
      try {
        await update.mutateAsync({ id: result.id, firstPrize });
        notifySuccess('Result updated successfully');
        return true;
      } catch (error) {
        notifyError(resultErrorMessage(error));
        return false;
      }
    });
    return saved ?? false;
  }

  function deleteOne(result: LotteryResult) {
    void exclusive(async () => {
      try {
        await remove.mutateAsync(result.id);
        notifySuccess('Result deleted successfully');
      } catch (error) {
        notifyError(resultErrorMessage(error));
      }
    });
  }

  const shown = filtered ? results : latest;
  return (
    <>
      <PastResultsList
        today={today}
        filter={filter}
        onFilterChange={setFilter}
        // The spec: a failed list read is logged (by the query cache) and shown as empty.
        results={shown.isError ? [] : filtered ? results.data : latest.data?.published}
        scheduled={filtered || latest.isError ? undefined : latest.data?.scheduled}
        isPublished={(result) => isPublished(result.draw_date, result.draw_hour, timeZone, now)}
        busyId={busyId}
        onSave={save}
        onDelete={(result) => {
          deleteTrigger.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
          setConfirming(result);
        }}
      />
      <ConfirmDeleteDialog
        subject={confirming}
        title="Delete this result?"
        describe={(result) =>
          `The result ${result.first_prize} of ${result.draw_date} ${hourLabel(result.draw_hour)} will be deleted.`
        }
        returnFocusTo={deleteTrigger}
        onCancel={() => setConfirming(null)}
        onConfirm={(result) => {
          setConfirming(null);
          deleteOne(result);
        }}
      />
    </>
  );
}

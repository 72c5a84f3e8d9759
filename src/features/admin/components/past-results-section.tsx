import { useRef, useState } from 'react';
import { useNow } from '@/hooks/use-now';
import { hourLabel, isPublished } from '@/shared/lottery-clock';
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
import { ConfirmDialog } from './confirm-dialog';
import { PastResultsList } from './past-results-list';
import { SystemEditQuestion } from './system-edit-question';
import { current } from '@/i18n/i18n';
import { useI18n } from '@/i18n/i18n-context';

/** An edit of a system draw waiting for the admin's word (it would lose its verification). */
type PendingEdit = { result: LotteryResult; firstPrize: string };

export function PastResultsSection({ today, timeZone }: { today: string; timeZone: string }) {
  const { i18n } = useI18n();
  const [filter, setFilter] = useState<PastResultsFilter>({});
  const [confirming, setConfirming] = useState<LotteryResult | null>(null);
  const [pendingEdit, setPendingEdit] = useState<PendingEdit | null>(null);
  const deleteTrigger = useRef<HTMLElement | null>(null);
  const editTrigger = useRef<HTMLElement | null>(null);
  // The row's save waits on this; taken once, as Radix closes the dialog after its action too.
  const editAnswer = useRef<((saved: boolean) => void) | null>(null);
  const answerEdit = (saved: boolean) => {
    editAnswer.current?.(saved);
    editAnswer.current = null;
  };
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

  const published = (result: LotteryResult) =>
    isPublished(result.draw_date, result.draw_hour, timeZone, now);

  /**
   * A new number for a system draw makes it the operator's (the database says so: ADR 012), so
   * it no longer verifies: the admin says so first. The row stays in edit mode until then.
   */
  function save(result: LotteryResult, firstPrize: string): Promise<boolean> {
    if (result.source !== 'system' || firstPrize === result.first_prize)
      return saveNow(result, firstPrize);
    editTrigger.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    answerEdit(false);
    return new Promise((resolve) => {
      editAnswer.current = resolve;
      setPendingEdit({ result, firstPrize });
    });
  }

  async function saveNow(result: LotteryResult, firstPrize: string): Promise<boolean> {
    const saved = await exclusive(async () => {
      try {
        await update.mutateAsync({ id: result.id, firstPrize });
        notifySuccess(current()._('admin.edit.done'));
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
        notifySuccess(current()._('admin.deleteOne.done'));
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
        isPublished={published}
        busyId={busyId}
        onSave={save}
        onDelete={(result) => {
          deleteTrigger.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
          setConfirming(result);
        }}
      />
      <ConfirmDialog
        subject={pendingEdit}
        title={i18n._('admin.edit.question')}
        describe={(edit) => (
          <SystemEditQuestion
            result={edit.result}
            firstPrize={edit.firstPrize}
            published={published(edit.result)}
          />
        )}
        confirmLabel={i18n._('admin.edit.confirm')}
        returnFocusTo={editTrigger}
        onCancel={() => {
          answerEdit(false);
          setPendingEdit(null);
        }}
        onConfirm={(edit) => {
          const answer = editAnswer.current;
          editAnswer.current = null;
          setPendingEdit(null);
          void saveNow(edit.result, edit.firstPrize).then((saved) => answer?.(saved));
        }}
      />
      <ConfirmDialog
        subject={confirming}
        title={i18n._('admin.deleteOne.question')}
        describe={(result) => (
          <>
            <p>
              {i18n._('admin.deleteOne.body', {
                prize: result.first_prize,
                date: result.draw_date,
                time: hourLabel(result.draw_hour),
              })}
            </p>
            {published(result) && (
              <p>{i18n._('admin.deleteOne.published', { prize: result.first_prize })}</p>
            )}
          </>
        )}
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

import { useId } from 'react';
import type { LotteryResult } from '@/lib/types';
import { ResultsEmpty } from '@/components/states/results-empty';
import { ResultsError } from '@/components/states/results-error';
import type { ResultRowAction } from './result-row';
import { ResultsList, type PendingDraw } from './results-list';
import { ResultsLoading } from '@/components/states/results-loading';

export interface ResultsBodyProps {
  /** `undefined` while the first fetch is under way or when it failed. */
  results: LotteryResult[] | undefined;
  loading: boolean;
  emptyText: string;
  listLabel: string;
  /** A heading over the list (History's "{date} - {n} draws"), shown only when there are rows. */
  heading?: (rows: LotteryResult[]) => string;
  /** The read failed (it is logged); the list stays empty but never says there are none. */
  failed?: boolean;
  /** The read waits for the browser to come back online. */
  offline?: boolean;
  onRetry?: () => void;
  /** The hour of a draw being made (its time passed, its row not in yet): it heads the list. */
  drawing?: PendingDraw;
  /** What each row offers beside its number (the draw's Verify). */
  RowAction?: ResultRowAction;
}

/** One day's list in each of its states: loading, failed or offline, empty, or the rows. */
export function ResultsBody({
  results,
  loading,
  emptyText,
  listLabel,
  heading,
  failed = false,
  offline = false,
  onRetry = () => {},
  drawing,
  RowAction,
}: ResultsBodyProps) {
  const headingId = useId();
  if (!results && (failed || (loading && offline))) {
    return <ResultsError offline={offline} onRetry={onRetry} />;
  }
  if (loading || !results) return <ResultsLoading />;
  if (results.length === 0 && drawing === undefined)
    return <ResultsEmpty>{emptyText}</ResultsEmpty>;
  const list = (
    <ResultsList results={results} label={listLabel} drawing={drawing} RowAction={RowAction} />
  );
  if (!heading) return list;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {heading(results)}
      </h2>
      {list}
    </section>
  );
}

import { useId } from 'react';
import type { LotteryResult } from '@/lib/types';
import { ResultsEmpty } from '@/components/states/results-empty';
import { ResultsError } from '@/components/states/results-error';
import type { ResultRowAction } from './result-row';
import { ResultsList, RowRoom, type PendingDraw } from './results-list';
import { ResultsLoading } from '@/components/states/results-loading';

export interface ResultsBodyProps {
  /** `undefined` while the first fetch is under way or when it failed. */
  results: LotteryResult[] | undefined;
  loading: boolean;
  emptyText: string;
  listLabel: string;
  /** A heading over the list (History's "{date} - {n} draws"), shown only when there are rows. */
  heading?: (count: number) => string;
  /** The rows the list will most likely hold (drawsPassed): their room is kept while loading. */
  expectedRows?: number;
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
  expectedRows = 0,
}: ResultsBodyProps) {
  const headingId = useId();
  if (!results && (failed || (loading && offline))) {
    return <ResultsError offline={offline} onRetry={onRetry} />;
  }
  if (loading || !results) {
    if (expectedRows === 0) return <ResultsLoading />;
    return (
      <LoadingList
        heading={heading?.(expectedRows)}
        rows={expectedRows}
        withAction={RowAction !== undefined}
      />
    );
  }
  if (results.length === 0 && drawing === undefined)
    return <ResultsEmpty>{emptyText}</ResultsEmpty>;
  const list = (
    <ResultsList results={results} label={listLabel} drawing={drawing} RowAction={RowAction} />
  );
  if (!heading) return list;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {heading(results.length)}
      </h2>
      {list}
    </section>
  );
}

/**
 * The loading state over the room the rows will take: the heading and rows the list will most
 * likely show, laid out invisibly, so their arrival moves nothing below them (CLS 0 where the
 * page came without its rows: a static host, or a stack past its served-read bound).
 */
function LoadingList({
  heading,
  rows,
  withAction,
}: {
  heading?: string;
  rows: number;
  withAction: boolean;
}) {
  return (
    <div className="relative">
      <div aria-hidden className="invisible flex flex-col gap-3">
        {heading && <p className="text-xl font-semibold">{heading}</p>}
        <ul className="flex flex-col gap-2">
          {Array.from({ length: rows }, (_, place) => (
            <RowRoom key={place} withAction={withAction} />
          ))}
        </ul>
      </div>
      <div className="absolute inset-x-0 top-0">
        <ResultsLoading />
      </div>
    </div>
  );
}

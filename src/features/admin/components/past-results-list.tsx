import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { LotteryResult } from '@/lib/types';
import { isReversed, type PastResultsFilter } from '../api/get-past-results';
import { DateField } from './date-field';
import { ResultRow } from './result-row';

export type PastResultsListProps = {
  today: string;
  filter: PastResultsFilter;
  onFilterChange: (filter: PastResultsFilter) => void;
  /** undefined while the first page loads. Without a filter: the published ones only. */
  results: LotteryResult[] | undefined;
  /** Without a filter: the scheduled results, soonest first, listed apart. */
  scheduled?: LotteryResult[];
  isPublished: (result: LotteryResult) => boolean;
  /** The id of the row being saved or deleted, if any. */
  busyId: string | null;
  onSave: (result: LotteryResult, firstPrize: string) => Promise<boolean>;
  onDelete: (result: LotteryResult) => void;
};

export function PastResultsList(props: PastResultsListProps) {
  const { today, filter, onFilterChange, results, scheduled, busyId } = props;
  const id = useId();
  const filtered = Boolean(filter.from || filter.to);
  const reversed = isReversed(filter);
  const rows = (list: LotteryResult[]) =>
    list.map((result) => (
      <ResultRow
        key={result.id}
        result={result}
        published={props.isPublished(result)}
        busy={busyId === result.id}
        onSave={(prize) => props.onSave(result, prize)}
        onDelete={() => props.onDelete(result)}
      />
    ));

  return (
    <div className="space-y-4">
      <div className="grid items-end gap-4 sm:grid-cols-[1fr_1fr_auto]">
        <DateField
          id={`${id}-from`}
          label="From"
          value={filter.from}
          today={today}
          placeholder="Any date"
          onChange={(from) => onFilterChange({ ...filter, from })}
        />
        <DateField
          id={`${id}-to`}
          label="To"
          value={filter.to}
          today={today}
          placeholder="Any date"
          onChange={(to) => onFilterChange({ ...filter, to })}
        />
        <Button
          type="button"
          variant="outline"
          disabled={!filtered}
          onClick={() => onFilterChange({})}
        >
          Clear filter
        </Button>
      </div>
      <p className="text-muted-foreground text-sm" aria-live="polite">
        <span>{filtered ? 'Showing filtered results' : 'Showing last 50 results'}</span>
        {filtered && results && !reversed && (
          <span> · {results.length === 1 ? '1 result' : `${results.length} results`}</span>
        )}
      </p>
      {reversed ? (
        // Said rather than shown as an empty list, which would read as "no results in this range".
        <p role="status" className="text-destructive py-8 text-center font-medium">
          No results: the From date ({filter.from}) is after the To date ({filter.to}). Pick the
          dates in order, or clear the filter.
        </p>
      ) : results === undefined ? (
        <div className="flex justify-center py-8">
          <Spinner className="text-primary size-6" />
        </div>
      ) : results.length === 0 ? (
        <p className="text-muted-foreground py-8 text-center">No results found</p>
      ) : (
        // Focusable so keyboard users can scroll the list itself (WCAG 2.1.1).
        <ul
          tabIndex={0}
          aria-label="Past results"
          className="max-h-[32rem] space-y-2 overflow-y-auto pr-1"
        >
          {rows(results)}
        </ul>
      )}
      {!filtered && scheduled && scheduled.length > 0 && (
        <section aria-labelledby={`${id}-scheduled`} className="space-y-2">
          <h3 id={`${id}-scheduled`} className="font-semibold">
            Scheduled · next {scheduled.length === 1 ? 'draw' : `${scheduled.length} draws`},
            soonest first
          </h3>
          <ul
            tabIndex={0}
            aria-label="Scheduled results"
            className="max-h-[20rem] space-y-2 overflow-y-auto pr-1"
          >
            {rows(scheduled)}
          </ul>
        </section>
      )}
    </div>
  );
}

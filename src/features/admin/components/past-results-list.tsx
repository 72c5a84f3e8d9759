import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { LotteryResult } from '@/lib/types';
import { isReversed, type PastResultsFilter } from '../api/get-past-results';
import { DateField } from './date-field';
import { ResultRow } from './result-row';
import { useI18n } from '@/i18n/i18n-context';

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
  const { i18n } = useI18n();
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
          label={i18n._('admin.from')}
          value={filter.from}
          today={today}
          placeholder={i18n._('admin.date.any')}
          onChange={(from) => onFilterChange({ ...filter, from })}
        />
        <DateField
          id={`${id}-to`}
          label={i18n._('admin.to')}
          value={filter.to}
          today={today}
          placeholder={i18n._('admin.date.any')}
          onChange={(to) => onFilterChange({ ...filter, to })}
        />
        <Button
          type="button"
          variant="outline"
          disabled={!filtered}
          onClick={() => onFilterChange({})}
        >
          {i18n._('admin.past.clear')}
        </Button>
      </div>
      <p className="text-muted-foreground text-sm" aria-live="polite">
        <span>{i18n._(filtered ? 'admin.past.filtered' : 'admin.past.last50')}</span>
        {filtered && results && !reversed && (
          <span> · {i18n._('admin.past.count', { count: results.length })}</span>
        )}
      </p>
      {reversed ? (
        // Said rather than shown as an empty list, which would read as "no results in this range".
        <p role="status" className="text-destructive py-8 text-center font-medium">
          {i18n._('admin.past.reversed', { from: filter.from ?? '', to: filter.to ?? '' })}
        </p>
      ) : results === undefined ? (
        <div className="flex justify-center py-8">
          <Spinner className="text-primary size-6" />
        </div>
      ) : results.length === 0 ? (
        <p className="text-muted-foreground py-8 text-center">{i18n._('admin.past.none')}</p>
      ) : (
        // Focusable so keyboard users can scroll the list itself (WCAG 2.1.1).
        <ul
          tabIndex={0}
          aria-label={i18n._('admin.past.listLabel')}
          className="max-h-[32rem] space-y-2 overflow-y-auto pr-1"
        >
          {rows(results)}
        </ul>
      )}
      {!filtered && scheduled && scheduled.length > 0 && (
        <section aria-labelledby={`${id}-scheduled`} className="space-y-2">
          <h3 id={`${id}-scheduled`} className="font-semibold">
            {i18n._('admin.past.scheduled', { count: scheduled.length })}
          </h3>
          <ul
            tabIndex={0}
            aria-label={i18n._('admin.past.scheduledLabel')}
            className="max-h-[20rem] space-y-2 overflow-y-auto pr-1"
          >
            {rows(scheduled)}
          </ul>
        </section>
      )}
    </div>
  );
}

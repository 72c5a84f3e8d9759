import { formatLongDate } from '@/lib/lottery-clock';
import type { LotteryResult } from '@/lib/types';
import { zoneLabel } from '@/lib/zone-names';
import { ConnectionNotice, type ConnectionState } from './connection-notice';
import { HistoryDayNav } from './history-day-nav';
import { ResultsBody } from './results-body';

export interface HistoryViewProps {
  date: string;
  today: string;
  onDateChange: (date: string) => void;
  /** Published results of `date`; `undefined` while loading. */
  results: LotteryResult[] | undefined;
  loading: boolean;
  failed?: boolean;
  onRetry?: () => void;
  /** The lottery timezone, named on the page; History shows times on its clock. */
  timeZone?: string;
  connection?: ConnectionState;
  /** The earliest day with a published draw; `null` when none, `undefined` while unknown. */
  firstDate?: string | null;
  /** Why the day asked for in the address is not the one shown ("… is in the future"). */
  dateNotice?: string;
}

const connected: ConnectionState = { offline: false, reconnecting: false, updatedAt: 0 };

export function HistoryView({
  date,
  today,
  onDateChange,
  results,
  loading,
  failed,
  onRetry,
  timeZone = 'UTC',
  connection = connected,
  firstDate,
  dateNotice,
}: HistoryViewProps) {
  const label = formatLongDate(date);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Results History</h1>
        <p className="text-muted-foreground">Choose a day to see its draws.</p>
        {/* Its line is kept while the first day is read, so nothing below moves. */}
        <p className="min-h-5 text-sm text-muted-foreground">
          {firstDate === null
            ? 'No results have been published yet.'
            : firstDate && `Results start on ${formatLongDate(firstDate)}.`}
        </p>
        <p className="text-sm text-muted-foreground">Times in {zoneLabel(timeZone)}</p>
      </header>
      <ConnectionNotice state={connection} timeZone={timeZone} />
      {dateNotice && (
        <p
          role="status"
          className="rounded-lg border border-amber-600 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50"
        >
          {dateNotice}
        </p>
      )}
      <HistoryDayNav date={date} today={today} firstDate={firstDate} onDateChange={onDateChange} />
      <ResultsBody
        results={results}
        loading={loading}
        failed={failed}
        offline={connection.offline}
        onRetry={onRetry}
        emptyText={`No results available for ${label}`}
        listLabel={`Draws of ${label}, newest first`}
        heading={(rows) => `${label} - ${rows.length} ${rows.length === 1 ? 'draw' : 'draws'}`}
      />
    </div>
  );
}

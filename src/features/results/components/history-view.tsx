import { lazyWithRetry } from '@/components/lazy-with-retry';
import { Button } from '@/components/ui/button';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { formatLongDate } from '@/lib/lottery-clock';
import type { LotteryResult } from '@/lib/types';
import { zoneLabel } from '@/lib/zone-names';
import { ConnectionNotice, type ConnectionState } from './connection-notice';
import { ResultsBody } from './results-body';

// The picker brings Radix Popover and floating-ui (about 30 KB): the heading and the day's results
// must not wait for them, nor share the network with them before the first paint. Its placeholder
// holds the button's place, so nothing moves.
// Offline, before its code ever arrived, a button in its place says so and tries again.
const pickerPlace = 'w-full sm:w-64';
const HistoryDatePicker = lazyWithRetry(
  () => afterFirstPaint().then(() => import('./history-date-picker')),
  (module) => module.HistoryDatePicker,
  {
    loading: <div className={`h-9 ${pickerPlace}`} />,
    Failed: ({ onRetry }) => (
      <Button variant="outline" className={pickerPlace} onClick={onRetry}>
        Date picker not loaded: retry
      </Button>
    ),
  },
);

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
}: HistoryViewProps) {
  const label = formatLongDate(date);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Results History</h1>
        <p className="text-muted-foreground">Choose a day to see its draws.</p>
        <p className="text-sm text-muted-foreground">Times in {zoneLabel(timeZone)}</p>
      </header>
      <ConnectionNotice state={connection} timeZone={timeZone} />
      <HistoryDatePicker date={date} today={today} onChange={onDateChange} />
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

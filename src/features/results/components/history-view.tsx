import type { LotteryResult } from '@/lib/types';
import { ConnectionNotice, type ConnectionState } from './connection-notice';
import { HistoryDayNav } from './history-day-nav';
import type { ResultRowAction } from './result-row';
import { ResultsBody } from './results-body';
import { drawsPassed } from '../utils/draws-passed';
import { useI18n } from '@/i18n/i18n-context';
import { useFormat } from '@/i18n/use-format';

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
  /** What each row offers beside its number (the draw's Verify, which the app hands in). */
  RowAction?: ResultRowAction;
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
  RowAction,
}: HistoryViewProps) {
  const { i18n } = useI18n();
  const format = useFormat();
  const label = format.longDate(date);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {i18n._('history.heading')}
        </h1>
        <p className="text-muted-foreground">{i18n._('history.intro')}</p>
        {/* Its line is kept while the first day is read, so nothing below moves. */}
        <p className="min-h-5 text-sm text-muted-foreground">
          {firstDate === null
            ? i18n._('history.noneYet')
            : firstDate && i18n._('history.startsOn', { date: format.longDate(firstDate) })}
        </p>
        <p className="text-sm text-muted-foreground">
          {i18n._('common.timesIn', { zone: format.zone(timeZone) })}
        </p>
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
        RowAction={RowAction}
        emptyText={i18n._('history.empty', { date: label })}
        listLabel={i18n._('history.listLabel', { date: label })}
        heading={(count) => i18n._('history.dayHeading', { date: label, count })}
        expectedRows={drawsPassed(date, timeZone)}
      />
    </div>
  );
}

import type { DrawClock } from '@/hooks/use-draw-clock';
import type { LotteryResult } from '@/lib/types';
import { drawingNow } from '../utils/drawing-now';
import { drawsPassed } from '../utils/draws-passed';
import { ConnectionNotice, type ConnectionState } from './connection-notice';
import { NewDrawAnnouncer } from './new-draw-announcer';
import { NextDrawCountdown } from './next-draw-countdown';
import type { ResultRowAction } from './result-row';
import { ResultsBody } from './results-body';
import { useI18n } from '@/i18n/i18n-context';
import { useFormat } from '@/i18n/use-format';

export interface TodayViewProps {
  clock: DrawClock;
  timeZone: string;
  /** Published results of today (usePublishedOnly); `undefined` while loading. */
  results: LotteryResult[] | undefined;
  loading: boolean;
  failed?: boolean;
  onRetry?: () => void;
  connection?: ConnectionState;
  /** lottery_settings.beacon_since (ADR 023): a late beacon draw is waiting for the beacon. */
  beaconSince?: string | null;
  /** What each row offers beside its number (the draw's Verify, which the app hands in). */
  RowAction?: ResultRowAction;
}

const connected: ConnectionState = { offline: false, reconnecting: false, updatedAt: 0 };

export function TodayView({
  clock,
  timeZone,
  results,
  loading,
  failed,
  onRetry,
  connection = connected,
  beaconSince,
  RowAction,
}: TodayViewProps) {
  const stalled = connection.offline
    ? 'offline'
    : connection.reconnecting
      ? 'reconnecting'
      : undefined;
  const { i18n } = useI18n();
  const format = useFormat();
  const drawing = drawingNow(results, timeZone, clock.now, clock.today, beaconSince);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{i18n._('today.heading')}</h1>
        <p className="text-lg text-muted-foreground">
          <time dateTime={clock.today}>{format.longDate(clock.today)}</time>
        </p>
        <p className="text-sm text-muted-foreground">
          {i18n._('common.timesIn', { zone: format.zone(timeZone, clock.now) })}
        </p>
      </header>
      <ConnectionNotice state={connection} timeZone={timeZone} />
      <NextDrawCountdown
        next={clock.next}
        today={clock.today}
        timeZone={timeZone}
        stalled={stalled}
        drawing={drawing}
      />
      <ResultsBody
        results={results}
        loading={loading}
        failed={failed}
        offline={connection.offline}
        onRetry={onRetry}
        RowAction={RowAction}
        emptyText={i18n._('today.empty')}
        listLabel={i18n._('today.listLabel')}
        drawing={drawing}
        expectedRows={drawsPassed(clock.today, timeZone, clock.now)}
      />
      <NewDrawAnnouncer results={results} />
    </div>
  );
}

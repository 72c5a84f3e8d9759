import type { DrawClock } from '@/hooks/use-draw-clock';
import { formatLongDate } from '@/lib/lottery-clock';
import type { LotteryResult } from '@/lib/types';
import { zoneLabel } from '@/lib/zone-names';
import { drawingNow } from '../utils/drawing-now';
import { ConnectionNotice, type ConnectionState } from './connection-notice';
import { NewDrawAnnouncer } from './new-draw-announcer';
import { NextDrawCountdown } from './next-draw-countdown';
import { ResultsBody } from './results-body';

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
}: TodayViewProps) {
  const stalled = connection.offline
    ? 'offline'
    : connection.reconnecting
      ? 'reconnecting'
      : undefined;
  const drawing = drawingNow(results, timeZone, clock.now, clock.today, beaconSince);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Today&apos;s Results</h1>
        <p className="text-lg text-muted-foreground">
          <time dateTime={clock.today}>{formatLongDate(clock.today)}</time>
        </p>
        <p className="text-sm text-muted-foreground">Times in {zoneLabel(timeZone, clock.now)}</p>
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
        emptyText="No results available yet for today"
        listLabel="Today's draws, newest first"
        drawing={drawing?.hour}
      />
      <NewDrawAnnouncer results={results} />
    </div>
  );
}

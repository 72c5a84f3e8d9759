import type { DrawClock } from '@/hooks/use-draw-clock';
import { formatLongDate } from '@/lib/lottery-clock';
import type { LotteryResult } from '@/lib/types';
import { publishedOnly } from '../utils/published-only';
import { NextDrawCountdown } from './next-draw-countdown';
import { ResultsBody } from './results-body';

export interface TodayViewProps {
  clock: DrawClock;
  timeZone: string;
  results: LotteryResult[] | undefined;
  loading: boolean;
}

export function TodayView({ clock, timeZone, results, loading }: TodayViewProps) {
  const visible = results && publishedOnly(results, timeZone, clock.now);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Today&apos;s Results</h1>
        <p className="text-lg text-muted-foreground">
          <time dateTime={clock.today}>{formatLongDate(clock.today)}</time>
        </p>
      </header>
      <NextDrawCountdown next={clock.next} />
      <ResultsBody
        results={visible}
        loading={loading}
        emptyText="No results available yet for today"
        listLabel="Today's draws, newest first"
      />
    </div>
  );
}

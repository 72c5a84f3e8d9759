import { useId } from 'react';
import { ResultsEmpty } from '@/components/states/results-empty';
import { ResultsError } from '@/components/states/results-error';
import { ResultsLoading } from '@/components/states/results-loading';
import { formatLongDate } from '@/lib/lottery-clock';
import { STATS_PERIOD_LABELS, type StatsPeriod } from '@/lib/stats-period';
import { zoneLabel } from '@/lib/zone-names';
import type { DrawStats } from '../api/get-draw-stats';
import { DigitChart } from './digit-chart';
import { EndingLists } from './ending-lists';
import { FairnessCheck } from './fairness-check';
import { PeriodSwitch } from './period-switch';

export interface StatsViewProps {
  period: StatsPeriod;
  /** `undefined` while loading or after a failed read. */
  stats: DrawStats | undefined;
  failed: boolean;
  offline: boolean;
  onRetry: () => void;
  timeZone: string;
}

function span(stats: DrawStats): string {
  const to = formatLongDate(stats.to);
  return stats.from === null ? `every draw up to ${to}` : `${formatLongDate(stats.from)} to ${to}`;
}

export function StatsView({ period, stats, failed, offline, onRetry, timeZone }: StatsViewProps) {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Statistics</h1>
        <p className="text-muted-foreground">
          Published draws only. Days on the lottery clock: {zoneLabel(timeZone)}.
        </p>
      </header>
      <PeriodSwitch period={period} />
      <StatsBody
        period={period}
        stats={stats}
        failed={failed}
        offline={offline}
        onRetry={onRetry}
      />
    </div>
  );
}

function StatsBody({ period, stats, failed, offline, onRetry }: Omit<StatsViewProps, 'timeZone'>) {
  const digitsId = useId();
  const numbersId = useId();
  if (!stats && (failed || offline)) return <ResultsError offline={offline} onRetry={onRetry} />;
  // The statistics run longer than any screen: holding a screen's height while they load keeps
  // the footer below the fold, so their arrival shifts nothing in view (CLS).
  if (!stats)
    return (
      <div className="min-h-dvh">
        <ResultsLoading />
      </div>
    );
  const label = STATS_PERIOD_LABELS[period];
  if (stats.draws === 0)
    return (
      <ResultsEmpty>{`No draws were published in this period (${label.toLowerCase()}).`}</ResultsEmpty>
    );
  return (
    <>
      <p className="text-center font-medium">
        {label}: {stats.draws.toLocaleString('en-US')} {stats.draws === 1 ? 'draw' : 'draws'},{' '}
        {span(stats)}.
      </p>
      <FairnessCheck stats={stats} />
      <section aria-labelledby={digitsId} className="flex flex-col gap-3">
        <h2 id={digitsId} className="text-xl font-semibold">
          Digits by position
        </h2>
        <DigitChart positions={stats.positions} draws={stats.draws} />
      </section>
      <section aria-labelledby={numbersId} className="flex flex-col gap-3">
        <h2 id={numbersId} className="text-xl font-semibold">
          Hot and cold numbers
        </h2>
        <p className="text-sm text-muted-foreground">
          Two-digit endings (the last two digits of the first prize), 00 to 99.
        </p>
        <EndingLists stats={stats} />
      </section>
    </>
  );
}

import { useId } from 'react';
import { ResultsEmpty } from '@/components/states/results-empty';
import { ResultsError } from '@/components/states/results-error';
import { ResultsLoading } from '@/components/states/results-loading';
import { STATS_PERIOD_KEYS, type StatsPeriod } from '@/shared/stats-period';
import type { DrawStats } from '../api/get-draw-stats';
import { DigitChart } from './digit-chart';
import { EndingLists } from './ending-lists';
import { FairnessCheck } from './fairness-check';
import { PeriodSwitch } from './period-switch';
import { useI18n } from '@/i18n/i18n-context';
import { useFormat } from '@/i18n/use-format';

export interface StatsViewProps {
  period: StatsPeriod;
  /** `undefined` while loading or after a failed read. */
  stats: DrawStats | undefined;
  failed: boolean;
  offline: boolean;
  onRetry: () => void;
  timeZone: string;
}

export function StatsView({ period, stats, failed, offline, onRetry, timeZone }: StatsViewProps) {
  const { i18n } = useI18n();
  const format = useFormat();
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{i18n._('stats.heading')}</h1>
        <p className="text-muted-foreground">
          {i18n._('stats.intro', { zone: format.zone(timeZone) })}
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
  const { i18n } = useI18n();
  const format = useFormat();
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
  const key = STATS_PERIOD_KEYS[period];
  if (stats.draws === 0)
    return <ResultsEmpty>{i18n._('stats.empty', { period: key })}</ResultsEmpty>;
  const to = format.longDate(stats.to);
  const span =
    stats.from === null
      ? i18n._('stats.spanAll', { to })
      : i18n._('common.dateRange', { from: format.longDate(stats.from), to });
  return (
    <>
      <p className="text-center font-medium">
        {i18n._('stats.summary', { period: key, count: stats.draws, span })}
      </p>
      <FairnessCheck stats={stats} />
      <section aria-labelledby={digitsId} className="flex flex-col gap-3">
        <h2 id={digitsId} className="text-xl font-semibold">
          {i18n._('stats.digitsHeading')}
        </h2>
        <DigitChart positions={stats.positions} draws={stats.draws} />
      </section>
      <section aria-labelledby={numbersId} className="flex flex-col gap-3">
        <h2 id={numbersId} className="text-xl font-semibold">
          {i18n._('stats.numbersHeading')}
        </h2>
        <p className="text-sm text-muted-foreground">{i18n._('stats.endingsAbout')}</p>
        <EndingLists stats={stats} />
      </section>
    </>
  );
}

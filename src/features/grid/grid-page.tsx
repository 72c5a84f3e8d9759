import { useDeferredValue, useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { useI18n } from '@/i18n/i18n-context';
import { gridDaysOf, gridMeta } from '@/shared/config/page-meta';
import { useDrawClock } from '@/hooks/use-draw-clock';
import { useOnline, useOnReconnect } from '@/hooks/use-online';
import { useRefetchWhileDrawing } from '@/hooks/use-refetch-while-drawing';
import { lastDraw } from '@/shared/lottery-clock';
import { useLotteryTimezone } from '@/lib/lottery-timezone';
import { useBeaconSince } from '@/lib/results/api/get-beacon-since';
import { useGridResults } from './api/get-grid-results';
import { GridView } from './components/grid-view';
import { gridCells, gridDates } from './utils/grid-days';

// Publishing is the passage of time (ADR 003): a moment after each draw time the grid reads again.
const PUBLICATION_GRACE_MS = 1000;

export function GridPage() {
  const { i18n } = useI18n();
  const [search] = useSearchParams();
  const days = gridDaysOf(`?${search.toString()}`);
  const timeZone = useLotteryTimezone();
  const clock = useDrawClock(timeZone);
  const dates = useMemo(() => gridDates(clock.today, days), [clock.today, days]);
  const results = useGridResults({ from: dates.at(-1)!, to: dates[0]!, days });
  // lottery_settings.beacon_since (ADR 023): a late beacon draw is waiting, not missing.
  const beaconSince = useBeaconSince();
  const refetch = () => void results.refetch();
  const online = useOnline();
  useOnReconnect(online, refetch);
  useRefetchAtDraws(clock.now.getTime(), refetch);

  // Up to 30 days × 24 draws: React renders them as a transition, in slices a phone can
  // interleave with input (Preact, in the build, at once: ADR 039). The rows and the days they
  // cover move together, so no frame shows one range's days with another's.
  const asked = useMemo(() => ({ days, dates, data: results.data }), [days, dates, results.data]);
  const shown = useDeferredValue(asked);
  const grid = useMemo(
    () => (shown.data ? gridCells(shown.data, timeZone, clock.now, beaconSince) : undefined),
    [shown.data, timeZone, clock.now, beaconSince],
  );
  // The grid has no live channel: while the latest draw is being made (or waits for its beacon
  // round), read again until its number is in (or the clock calls it missing).
  const latest = lastDraw(timeZone, clock.now);
  const pending = grid?.cell(latest.date, latest.hour).kind;
  useRefetchWhileDrawing(pending === 'drawing' || pending === 'waiting', refetch);

  return (
    <>
      <PageMeta {...gridMeta(days, i18n)} />
      <GridView
        days={shown.days}
        dates={shown.dates}
        timeZone={timeZone}
        cell={grid?.cell}
        count={grid?.published ?? 0}
        failed={results.isError}
        offline={!online}
        onRetry={refetch}
      />
    </>
  );
}

/** The draw clock moves at each draw time: read again then (not on the first render). */
function useRefetchAtDraws(tick: number, refetch: () => void) {
  const first = useRef(tick);
  const onDraw = useEffectEvent(refetch);
  useEffect(() => {
    if (first.current === tick) return;
    const timer = setTimeout(() => onDraw(), PUBLICATION_GRACE_MS);
    return () => clearTimeout(timer);
  }, [tick]);
}

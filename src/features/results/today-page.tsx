import { PageMeta } from '@/components/seo/page-meta';
import { useI18n } from '@/i18n/i18n-context';
import { homeMetaIn } from '@/shared/config/page-meta';
import { useDrawClock } from '@/hooks/use-draw-clock';
import { useRefetchWhileDrawing } from '@/hooks/use-refetch-while-drawing';
import { useLotteryTimezone } from '@/lib/lottery-timezone';
import { useBeaconSince } from '@/lib/results/api/get-beacon-since';
import { useResultsByDate } from '@/lib/results/api/get-results-by-date';
import { useLiveStatus } from '@/lib/results/live-status';
import { useResultsRealtime } from '@/lib/results/api/use-results-realtime';
import type { ResultRowAction } from './components/result-row';
import { TodayView } from './components/today-view';
import { usePublishedOnly } from './hooks/use-published-only';
import { useRefetchAfterDraw } from './hooks/use-refetch-after-draw';
import { useResultsConnection } from './hooks/use-results-connection';
import { drawingNow } from './utils/drawing-now';

/** `RowAction`: what each row offers beside its number (the app hands in the draw's Verify). */
export function TodayPage({ RowAction }: { RowAction?: ResultRowAction }) {
  const { i18n } = useI18n();
  const timeZone = useLotteryTimezone();
  const clock = useDrawClock(timeZone);
  // At the lottery's midnight `today` changes, and with it the query key: the new day loads.
  const results = useResultsByDate({ date: clock.today, live: true });
  const published = usePublishedOnly(results.data, timeZone, clock.now);
  useResultsRealtime();
  const refetch = () => void results.refetch();
  useRefetchAfterDraw(clock.next.at.getTime(), refetch);
  // The live channel normally brings the new row; reading again while a draw is being made covers
  // a channel that missed it.
  const beaconSince = useBeaconSince();
  useRefetchWhileDrawing(
    !!drawingNow(published, timeZone, clock.now, clock.today, beaconSince),
    refetch,
  );
  const live = useLiveStatus();
  const connection = useResultsConnection({
    refetch,
    dataUpdatedAt: results.dataUpdatedAt,
    reconnecting: live === 'reconnecting',
  });

  return (
    <>
      <PageMeta {...homeMetaIn(i18n)} />
      <TodayView
        clock={clock}
        timeZone={timeZone}
        results={published}
        loading={results.isPending}
        failed={results.isError}
        onRetry={refetch}
        RowAction={RowAction}
        connection={connection}
        beaconSince={beaconSince}
      />
    </>
  );
}

import { DrawPage } from '@/features/draw/draw-page';
import { useResultsByDate } from '@/features/results/api/get-results-by-date';
import { useResultsRealtime } from '@/features/results/api/use-results-realtime';
import { PrizeNumber } from '@/features/results/components/prize-number';

/** The live subscription of the results lists, as a component a page can render when it needs it. */
function LiveResults() {
  useResultsRealtime();
  return null;
}

/**
 * A draw's page reads its day through the results lists' query and live channel, so it and the
 * lists share one cache: features do not import each other, so the app hands them over.
 */
export function DrawRoute() {
  return <DrawPage useDay={useResultsByDate} live={<LiveResults />} Prize={PrizeNumber} />;
}

import { lazy, Suspense } from 'react';
import { useWithdrawnResults } from '@/features/draw/api/get-withdrawn-results';
import { DrawPage } from '@/features/draw/draw-page';
import { useResultsByDate } from '@/features/results/api/get-results-by-date';
import { useResultsRealtime } from '@/features/results/api/use-results-realtime';
import { PrizeNumber } from '@/features/results/components/prize-number';

// The verification's derivation and queries load only when a published draw is shown.
const DrawVerification = lazy(() =>
  import('@/features/verify/components/draw-verification').then((module) => ({
    default: module.DrawVerification,
  })),
);

/** The live subscription of the results lists, as a component a page can render when it needs it. */
function LiveResults() {
  useResultsRealtime();
  return null;
}

function Verification(props: { date: string; hour: number; revision?: string }) {
  return (
    <Suspense fallback={null}>
      <DrawVerification {...props} />
    </Suspense>
  );
}

/**
 * A draw's page reads its day through the results lists' query and live channel, so it and the
 * lists share one cache, and shows the draw's verification: features do not import each other,
 * so the app hands them over.
 */
export function DrawRoute() {
  return (
    <DrawPage
      useDay={useResultsByDate}
      live={<LiveResults />}
      Prize={PrizeNumber}
      Verification={Verification}
      useWithdrawn={useWithdrawnResults}
    />
  );
}

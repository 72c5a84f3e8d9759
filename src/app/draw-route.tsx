import { useWithdrawnResults } from '@/features/draw/api/get-withdrawn-results';
import { DrawPage } from '@/features/draw/draw-page';
import { useBeaconSince } from '@/lib/results/api/get-beacon-since';
import { useResultsByDate } from '@/lib/results/api/get-results-by-date';
import { useResultsRealtime } from '@/lib/results/api/use-results-realtime';
import { PrizeNumber } from '@/components/results/prize-number';
import { LazyDrawVerification } from '@/features/verify/components/verify-draw-disclosure';

/** The live subscription of the results lists, as a component a page can render when it needs it. */
function LiveResults() {
  useResultsRealtime();
  return null;
}

/**
 * The verification's derivation, queries and words load only when a published draw is shown,
 * through the rows' module (with its catalog part): a second importer of the chunk made Rolldown
 * move shared modules out of the first load (ADR 027's budget).
 */
function Verification(props: { date: string; hour: number; revision?: string }) {
  return <LazyDrawVerification {...props} />;
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
      useBeaconSince={useBeaconSince}
    />
  );
}

import { DrawPage } from '@/features/draw/draw-page';
import { LazyDrawVerification } from '@/features/verify/components/verify-draw-disclosure';

/**
 * The verification's derivation, queries and words load only when a published draw is shown,
 * through the rows' module (with its catalog part): a second importer of the chunk made Rolldown
 * move shared modules out of the first load (ADR 027's budget).
 */
function Verification(props: { date: string; hour: number; revision?: string }) {
  return <LazyDrawVerification {...props} />;
}

/**
 * A draw's page reads its day from the shared results (src/lib/results) itself; it shows the
 * draw's verification, which is another feature's: features do not import each other, so the
 * app hands it over.
 */
export function DrawRoute() {
  return <DrawPage Verification={Verification} />;
}

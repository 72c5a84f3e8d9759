import { useBeaconSince } from '@/lib/results/api/get-beacon-since';
import { GridPage } from '@/features/grid/grid-page';

/** The grid learns the beacon switch from the results' settings query: features do not import each other. */
export function GridRoute() {
  return <GridPage beaconSince={useBeaconSince()} />;
}

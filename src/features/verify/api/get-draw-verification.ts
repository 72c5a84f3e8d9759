import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  buildProof,
  verifyProof,
  type DrawProof,
  type ProofVerification,
} from '@/lib/beacon/proof';
import { publishedAt } from '@/shared/lottery-clock';
import { useLotteryTimezone } from '@/lib/lottery-timezone';
import { getReader } from '@/lib/supabase';
import { verifyDraw, type DrawEvidence, type Verification } from '../utils/verify-draw';
import { getBeaconRows } from './get-beacon-rows';

/** The most withdrawn results the check lists (the draw page shows as many). */
const WITHDRAWN_SHOWN = 20;

/**
 * The public evidence of one draw: its result, its commitment, (once published) its seed and the
 * results withdrawn from it, read separately (the REST layer has no embedding) with the visitor's
 * anon key: exactly what a third party can read.
 */
export async function getDrawEvidence(date: string, hour: number): Promise<DrawEvidence> {
  const supabase = await getReader();
  const [result, commitment, seed, withdrawn] = await Promise.all([
    supabase
      .from('lottery_results')
      .select('first_prize, source, previous_prize, corrected_at, created_at')
      .eq('draw_date', date)
      .eq('draw_hour', hour)
      .maybeSingle(),
    supabase
      .from('draw_commitments')
      .select('commitment, committed_at')
      .eq('draw_date', date)
      .eq('draw_hour', hour)
      .maybeSingle(),
    supabase
      .from('draw_seeds')
      .select('seed')
      .eq('draw_date', date)
      .eq('draw_hour', hour)
      .maybeSingle(),
    supabase
      .from('withdrawn_results')
      .select('first_prize, source, withdrawn_at')
      .eq('draw_date', date)
      .eq('draw_hour', hour)
      .order('withdrawn_at', { ascending: false })
      .limit(WITHDRAWN_SHOWN),
  ]);
  if (result.error) throw result.error;
  if (commitment.error) throw commitment.error;
  if (seed.error) throw seed.error;
  if (withdrawn.error) throw withdrawn.error;
  return {
    date,
    hour,
    result: result.data,
    commitment: commitment.data,
    seed: seed.data?.seed ?? null,
    withdrawn: withdrawn.data,
  };
}

export interface DrawCheck {
  evidence: DrawEvidence;
  verification: Verification;
  /** The draw moment on the lottery clock, which the commitment must predate. */
  drawMoment: Date;
  /** The draw's proof (ADR 023): the public rows in one file, offered for download. */
  proof: DrawProof;
  /** The five steps of a beacon draw's check; null for a draw of ADR 012's scheme. */
  beacon: ProofVerification | null;
  /** When draws switched to the beacon (lottery_settings.beacon_since), or null. */
  beaconSince: string | null;
}

export const getDrawVerificationQueryOptions = (
  date: string,
  hour: number,
  timeZone: string,
  revision?: string,
) =>
  queryOptions({
    queryKey: ['draw-verification', date, hour, timeZone, revision ?? null] as const,
    queryFn: async (): Promise<DrawCheck> => {
      const [evidence, beaconRows] = await Promise.all([
        getDrawEvidence(date, hour),
        getBeaconRows(date, hour),
      ]);
      const drawMoment = publishedAt(date, hour, timeZone);
      const proof = buildProof({ ...evidence, ...beaconRows, timeZone });
      return {
        evidence,
        // A draw of ADR 012's scheme keeps its own report; a beacon draw (one with a lock, ADR
        // 023) is checked in five steps by the module `npm run verify` runs.
        verification: await verifyDraw(evidence, drawMoment),
        drawMoment,
        proof,
        beacon: proof.lock ? await verifyProof(proof) : null,
        beaconSince: beaconRows.beaconSince,
      };
    },
    // Every opening checks afresh: the point is to see what the API says now.
    staleTime: 0,
  });

/** `revision` (the row's updated_at) refetches when a live change edits the result. */
export function useDrawVerification(date: string, hour: number, revision?: string) {
  const timeZone = useLotteryTimezone();
  return useQuery(getDrawVerificationQueryOptions(date, hour, timeZone, revision));
}

import type { DrawProof, ProofVerification } from '@/lib/beacon/proof';
import { formatLotteryTime, isLateDraw } from '@/lib/draw-provenance';
import { commitmentLead, formatLead } from '../utils/commitment-lead';
import type { DrawEvidence, Verification } from '../utils/verify-draw';
import { BeaconEvidence } from './beacon-evidence';
import { DownloadProof } from './download-proof';
import { ProofStepsList } from './proof-steps-list';
import { VerificationEvidence } from './verification-evidence';
import { VerificationOutcome } from './verification-outcome';

export interface VerificationReportProps {
  evidence: DrawEvidence;
  verification: Verification;
  /** The lottery's timezone: every time shown is on its clock. */
  timeZone: string;
  /** The draw's proof, offered for download (ADR 023); none in tests of the old scheme alone. */
  proof?: DrawProof;
  /** A beacon draw's five steps (ADR 023); null or absent for a draw of ADR 012's scheme. */
  beacon?: ProofVerification | null;
  /** lottery_settings.beacon_since: when draws switched to the beacon, if they have. */
  beaconSince?: string | null;
}

/** What the check found: the verdict, where the result came from, and the data behind it. */
export function VerificationReport({
  evidence,
  verification,
  timeZone,
  proof,
  beacon,
  beaconSince,
}: VerificationReportProps) {
  const { result, date, hour } = evidence;
  const system = result?.source === 'system';
  return (
    <>
      <VerificationOutcome
        verification={verification}
        publishedPrize={result?.first_prize}
        beacon={beacon}
      />
      {!beacon && verification.status === 'verified' && (
        <ShortLead evidence={evidence} timeZone={timeZone} />
      )}
      {beacon?.chainLabel && (
        <p className="text-sm">
          Beacon: <span className="font-medium">{beacon.chainLabel}</span>
          {beaconSince &&
            `. Draws use the beacon since ${formatLotteryTime(beaconSince, timeZone)}`}
          .
        </p>
      )}
      {!beacon && system && beaconSince && (
        <p className="text-sm">
          Seed commitment only: draws use a public randomness beacon since{' '}
          {formatLotteryTime(beaconSince, timeZone)}, and this one was made under the earlier
          scheme.
        </p>
      )}
      {result && (
        <p className="text-sm">
          Published result <span className="font-mono font-semibold">{result.first_prize}</span>
          {result.source === 'system'
            ? `, drawn by the system at ${formatLotteryTime(result.created_at, timeZone, date)}`
            : ', entered by the operator'}
          {isLateDraw({ ...result, draw_date: date, draw_hour: hour }, timeZone) && ' (drawn late)'}
          .
        </p>
      )}
      {result?.previous_prize && result.corrected_at && (
        <p className="text-sm font-medium">
          Corrected from <span className="font-mono">{result.previous_prize}</span> at{' '}
          {formatLotteryTime(result.corrected_at, timeZone, date)}
        </p>
      )}
      {evidence.withdrawn?.map((trace) => (
        <p key={`${trace.withdrawn_at}-${trace.first_prize}`} className="text-sm font-medium">
          Withdrawn: <span className="font-mono">{trace.first_prize}</span> (
          {trace.source === 'system' ? 'drawn by the system' : 'entered by the operator'}) was
          published for this draw and withdrawn at{' '}
          {formatLotteryTime(trace.withdrawn_at, timeZone, date)}.
        </p>
      ))}
      {beacon && system && <ProofStepsList steps={beacon.steps} />}
      {beacon && proof && (system || !result) && (
        <BeaconEvidence proof={proof} result={beacon} timeZone={timeZone} />
      )}
      {!beacon && system && (
        <VerificationEvidence evidence={evidence} verification={verification} timeZone={timeZone} />
      )}
      {beacon && system && (
        <p className="text-xs text-muted-foreground">
          Your browser checked this itself: the seed must hash to the commitment published before
          the draw, the time-locked seed must open with the beacon round&apos;s signature, the
          signature must be valid under the beacon&apos;s key, the round must be the one published
          at the draw&apos;s moment, and HMAC-SHA-256 under the seed of the draw and the
          round&apos;s randomness must give the published prize.
        </p>
      )}
      {proof && result && <DownloadProof proof={proof} />}
      {!beacon && system && (
        <p className="text-xs text-muted-foreground">
          Your browser checked this itself: the seed must hash to the commitment published before
          the draw, and HMAC-SHA-256 of the message under the seed, its first 4 bytes read as a
          number below 4,294,960,000, modulo 10,000, must give the published prize.
        </p>
      )}
    </>
  );
}

/**
 * A verified draw whose commitment came the same day (a fresh stack's first draws, or a day the
 * scheduler did not commit in time) proves less than the usual promise: say exactly what.
 */
function ShortLead({ evidence, timeZone }: { evidence: DrawEvidence; timeZone: string }) {
  const { commitment, date, hour } = evidence;
  if (!commitment) return null;
  const lead = commitmentLead(commitment.committed_at, date, hour, timeZone);
  if (lead.dayBefore) return null;
  const words = formatLead(lead.ms);
  return (
    <p className="rounded-md border-l-4 border-amber-600 bg-background px-3 py-2 text-sm dark:border-amber-400">
      Its commitment was published only {words} before the draw, not the day before. This proves the
      number was fixed {words} before the draw and not changed since; it does not prove the number
      was fixed a day ahead.
    </p>
  );
}

import type { DrawProof, ProofVerification } from '@/lib/beacon/proof';
import { useI18n } from '@/i18n/i18n-context';
import { isLateDraw } from '@/lib/draw-provenance';
import { commitmentLead, formatLead } from '../utils/commitment-lead';
import type { DrawEvidence, Verification } from '../utils/verify-draw';
import { BeaconEvidence } from './beacon-evidence';
import { DownloadProof } from './download-proof';
import { ProofStepsList } from './proof-steps-list';
import { VerificationEvidence } from './verification-evidence';
import { VerificationOutcome } from './verification-outcome';
import { chainName } from '../utils/verdict';
import { useLotteryTime } from './use-lottery-time';

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
  const { i18n } = useI18n();
  const lotteryTime = useLotteryTime(timeZone);
  const { result, date, hour } = evidence;
  const system = result?.source === 'system';
  const source = (of: string) => (of === 'system' ? 'system' : 'operator');
  return (
    <>
      <VerificationOutcome
        verification={verification}
        publishedPrize={result?.first_prize}
        beacon={beacon}
        round={proof?.lock?.round}
      />
      {!beacon && verification.status === 'verified' && (
        <ShortLead evidence={evidence} timeZone={timeZone} />
      )}
      {beacon?.chainLabel && (
        <p className="text-sm">
          {beaconSince
            ? i18n._('verify.beaconSince', {
                chain: chainName(i18n, beacon.chainLabel),
                time: lotteryTime(beaconSince),
              })
            : i18n._('verify.beacon', { chain: chainName(i18n, beacon.chainLabel) })}
        </p>
      )}
      {!beacon && system && beaconSince && (
        <p className="text-sm">
          {i18n._('verify.earlierScheme', { time: lotteryTime(beaconSince) })}
        </p>
      )}
      {result && (
        <p className="text-sm">
          {i18n._('verify.publishedResult', {
            prize: result.first_prize,
            source: source(result.source),
            time: lotteryTime(result.created_at, date),
            late: isLateDraw({ ...result, draw_date: date, draw_hour: hour }, timeZone)
              ? 'yes'
              : 'no',
          })}
        </p>
      )}
      {result?.previous_prize && result.corrected_at && (
        <p className="text-sm font-medium">
          {i18n._('badge.corrected', {
            prize: result.previous_prize,
            time: lotteryTime(result.corrected_at, date),
          })}
        </p>
      )}
      {evidence.withdrawn?.map((trace) => (
        <p key={`${trace.withdrawn_at}-${trace.first_prize}`} className="text-sm font-medium">
          {i18n._('verify.withdrawn', {
            prize: trace.first_prize,
            source: source(trace.source),
            time: lotteryTime(trace.withdrawn_at, date),
          })}
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
        <p className="text-xs text-muted-foreground">{i18n._('verify.beaconExplained')}</p>
      )}
      {proof && result && <DownloadProof proof={proof} />}
      {!beacon && system && (
        <p className="text-xs text-muted-foreground">{i18n._('verify.seedExplained')}</p>
      )}
    </>
  );
}

/**
 * A verified draw whose commitment came the same day (a fresh stack's first draws, or a day the
 * scheduler did not commit in time) proves less than the usual promise: say exactly what.
 */
function ShortLead({ evidence, timeZone }: { evidence: DrawEvidence; timeZone: string }) {
  const { i18n } = useI18n();
  const { commitment, date, hour } = evidence;
  if (!commitment) return null;
  const lead = commitmentLead(commitment.committed_at, date, hour, timeZone);
  if (lead.dayBefore) return null;
  return (
    <p className="rounded-md border-l-4 border-amber-600 bg-background px-3 py-2 text-sm dark:border-amber-400">
      {i18n._('verify.shortLead', { lead: formatLead(lead.ms, i18n) })}
    </p>
  );
}

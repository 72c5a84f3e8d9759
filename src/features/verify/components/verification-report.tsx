import { formatLotteryTime, isLateDraw } from '@/lib/draw-provenance';
import { commitmentLead, formatLead } from '../utils/commitment-lead';
import type { DrawEvidence, Verification } from '../utils/verify-draw';
import { VerificationEvidence } from './verification-evidence';
import { VerificationOutcome } from './verification-outcome';

export interface VerificationReportProps {
  evidence: DrawEvidence;
  verification: Verification;
  /** The lottery's timezone: every time shown is on its clock. */
  timeZone: string;
}

/** What the check found: the verdict, where the result came from, and the data behind it. */
export function VerificationReport({ evidence, verification, timeZone }: VerificationReportProps) {
  const { result, date, hour } = evidence;
  return (
    <>
      <VerificationOutcome verification={verification} publishedPrize={result?.first_prize} />
      {verification.status === 'verified' && <ShortLead evidence={evidence} timeZone={timeZone} />}
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
      {result?.source === 'system' && (
        <VerificationEvidence evidence={evidence} verification={verification} timeZone={timeZone} />
      )}
      {result?.source === 'system' && (
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

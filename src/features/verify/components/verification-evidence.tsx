import { useI18n } from '@/i18n/i18n-context';
import type { Messages } from '@/shared/i18n/messages';
import { commitmentLead, formatLead } from '../utils/commitment-lead';
import type { DrawEvidence, Verification } from '../utils/verify-draw';
import { DerivationSteps } from './derivation-steps';
import { CommitmentItem, EvidenceItem, HEX, SeedItem } from './evidence-items';
import { useLotteryTime } from './use-lottery-time';

function leadValues(i18n: Messages, committedAt: string, evidence: DrawEvidence, tz: string) {
  const { ms } = commitmentLead(committedAt, evidence.date, evidence.hour, tz);
  return { lead: formatLead(ms, i18n), when: ms >= 0 ? 'before' : 'after' };
}

/** The public data behind a system draw and what the browser computed from it. */
export function VerificationEvidence({
  evidence,
  verification,
  timeZone,
}: {
  evidence: DrawEvidence;
  verification: Verification;
  timeZone: string;
}) {
  const { i18n } = useI18n();
  const lotteryTime = useLotteryTime(timeZone);
  const { commitment, seed } = evidence;
  const checked = verification.status === 'verified' || verification.status === 'not-verified';
  return (
    <dl className="flex flex-col gap-3">
      <CommitmentItem
        commitment={commitment}
        published={(at) =>
          i18n._('verify.publishedLead', {
            time: lotteryTime(at),
            ...leadValues(i18n, at, evidence, timeZone),
          })
        }
      />
      <SeedItem seed={seed} />
      {checked && verification.seedHash && (
        <EvidenceItem term={i18n._('verify.seedHashTerm')}>
          <span className={HEX}>{verification.seedHash}</span>
          <span className="block text-sm">
            {verification.seedHash === commitment?.commitment
              ? i18n._('verify.matches')
              : i18n._('verify.doesNotMatch')}
          </span>
        </EvidenceItem>
      )}
      {checked && verification.derivation && (
        <EvidenceItem term={i18n._('verify.hmacTerm')}>
          <DerivationSteps derivation={verification.derivation} />
        </EvidenceItem>
      )}
      {checked && verification.derivation && (
        <EvidenceItem term={i18n._('verify.derivedPrize')}>
          <span className="font-mono text-base font-semibold">{verification.derivation.prize}</span>
        </EvidenceItem>
      )}
    </dl>
  );
}

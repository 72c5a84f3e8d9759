import type { ReactNode } from 'react';
import { useI18n } from '@/i18n/i18n-context';
import type { Messages } from '@/shared/i18n/messages';
import { commitmentLead, formatLead } from '../utils/commitment-lead';
import type { DrawEvidence, Verification } from '../utils/verify-draw';
import { DerivationSteps } from './derivation-steps';
import { useLotteryTime } from './use-lottery-time';

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

const hex = 'font-mono text-xs break-all';

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
      <Item term={i18n._('verify.commitmentTerm')}>
        {commitment ? (
          <>
            <span className={hex}>{commitment.commitment}</span>
            <span className="block text-sm text-muted-foreground">
              {i18n._('verify.publishedLead', {
                time: lotteryTime(commitment.committed_at),
                ...leadValues(i18n, commitment.committed_at, evidence, timeZone),
              })}
            </span>
          </>
        ) : (
          i18n._('verify.nonePublished')
        )}
      </Item>
      <Item term={i18n._('verify.seedTerm')}>
        {seed ? <span className={hex}>{seed}</span> : i18n._('verify.notRevealed')}
      </Item>
      {checked && verification.seedHash && (
        <Item term={i18n._('verify.seedHashTerm')}>
          <span className={hex}>{verification.seedHash}</span>
          <span className="block text-sm">
            {verification.seedHash === commitment?.commitment
              ? i18n._('verify.matches')
              : i18n._('verify.doesNotMatch')}
          </span>
        </Item>
      )}
      {checked && verification.derivation && (
        <Item term={i18n._('verify.hmacTerm')}>
          <DerivationSteps derivation={verification.derivation} />
        </Item>
      )}
      {checked && verification.derivation && (
        <Item term={i18n._('verify.derivedPrize')}>
          <span className="font-mono text-base font-semibold">{verification.derivation.prize}</span>
        </Item>
      )}
    </dl>
  );
}

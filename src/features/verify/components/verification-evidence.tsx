import type { ReactNode } from 'react';
import { formatLotteryTime } from '@/lib/draw-provenance';
import { commitmentLead, formatLead } from '../utils/commitment-lead';
import type { DrawEvidence, Verification } from '../utils/verify-draw';
import { DerivationSteps } from './derivation-steps';

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

const hex = 'font-mono text-xs break-all';

function leadWords(committedAt: string, { date, hour }: DrawEvidence, timeZone: string): string {
  const { ms } = commitmentLead(committedAt, date, hour, timeZone);
  return `${formatLead(ms)} ${ms >= 0 ? 'before' : 'after'} the draw`;
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
  const { commitment, seed } = evidence;
  const checked = verification.status === 'verified' || verification.status === 'not-verified';
  return (
    <dl className="flex flex-col gap-3">
      <Item term="Commitment (SHA-256 of the seed)">
        {commitment ? (
          <>
            <span className={hex}>{commitment.commitment}</span>
            <span className="block text-sm text-muted-foreground">
              Published {formatLotteryTime(commitment.committed_at, timeZone)},{' '}
              {leadWords(commitment.committed_at, evidence, timeZone)}
            </span>
          </>
        ) : (
          'None published'
        )}
      </Item>
      <Item term="Seed">{seed ? <span className={hex}>{seed}</span> : 'Not revealed yet'}</Item>
      {checked && verification.seedHash && (
        <Item term="SHA-256 of the seed, computed here">
          <span className={hex}>{verification.seedHash}</span>
          <span className="block text-sm">
            {verification.seedHash === commitment?.commitment
              ? 'Matches the commitment'
              : 'Does not match the commitment'}
          </span>
        </Item>
      )}
      {checked && verification.derivation && (
        <Item term="HMAC-SHA-256 of each message, keyed by the seed">
          <DerivationSteps derivation={verification.derivation} />
        </Item>
      )}
      {checked && verification.derivation && (
        <Item term="Derived prize">
          <span className="font-mono text-base font-semibold">{verification.derivation.prize}</span>
        </Item>
      )}
    </dl>
  );
}

import type { ReactNode } from 'react';
import { useI18n } from '@/i18n/i18n-context';
import type { DrawProof, ProofVerification } from '@/lib/beacon/proof';
import { chainName } from '../utils/verdict';
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

/** The public data of a beacon draw (ADR 023) that the steps checked, as published. */
export function BeaconEvidence({
  proof,
  result,
  timeZone,
}: {
  proof: DrawProof;
  result: ProofVerification;
  timeZone: string;
}) {
  const { i18n } = useI18n();
  const lotteryTime = useLotteryTime(timeZone);
  const { commitment, lock, round } = proof;
  return (
    <dl className="flex flex-col gap-3">
      <Item term={i18n._('verify.commitmentTerm')}>
        {commitment ? (
          <>
            <span className={hex}>{commitment.commitment}</span>
            <span className="block text-sm text-muted-foreground">
              {i18n._('verify.published', { time: lotteryTime(commitment.committed_at) })}
            </span>
          </>
        ) : (
          i18n._('verify.nonePublished')
        )}
      </Item>
      <Item term={i18n._('verify.seedTerm')}>
        {result.seed ? <span className={hex}>{result.seed}</span> : i18n._('verify.notRevealed')}
      </Item>
      {lock && (
        <Item term={i18n._('verify.roundTerm', { round: String(lock.round) })}>
          <span className="block text-sm">{chainName(i18n, result.chainLabel ?? '')}</span>
          <span className="block text-xs text-muted-foreground">
            {i18n._('verify.chain')} <span className={hex}>{lock.chain_hash}</span>
          </span>
          {round ? (
            <span className="block text-xs text-muted-foreground">
              {i18n._('verify.signature')} <span className={hex}>{round.signature}</span>
            </span>
          ) : (
            <span className="block text-sm">{i18n._('verify.notFetched')}</span>
          )}
        </Item>
      )}
      {lock?.ciphertext && (
        <Item term={i18n._('verify.lockTerm')}>
          <details>
            <summary className="cursor-pointer text-sm">
              {lock.locked_at
                ? i18n._('verify.ciphertextPublished', { time: lotteryTime(lock.locked_at) })
                : i18n._('verify.ciphertext')}
            </summary>
            <pre className="mt-1 font-mono text-xs break-all whitespace-pre-wrap">
              {lock.ciphertext}
            </pre>
          </details>
        </Item>
      )}
      {result.derivation && (
        <Item term={i18n._('verify.hmacHexTerm')}>
          <DerivationSteps
            derivation={{ prize: result.derivation.prize, steps: result.derivation.attempts }}
          />
        </Item>
      )}
    </dl>
  );
}

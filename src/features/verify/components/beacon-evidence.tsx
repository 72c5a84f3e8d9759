import { useI18n } from '@/i18n/i18n-context';
import type { DrawProof, ProofVerification } from '@/lib/beacon/proof';
import { chainName } from '../utils/verdict';
import { DerivationSteps } from './derivation-steps';
import { CommitmentItem, EvidenceItem, HEX, SeedItem } from './evidence-items';
import { useLotteryTime } from './use-lottery-time';

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
      <CommitmentItem
        commitment={commitment}
        published={(at) => i18n._('verify.published', { time: lotteryTime(at) })}
      />
      <SeedItem seed={result.seed} />
      {lock && (
        <EvidenceItem term={i18n._('verify.roundTerm', { round: String(lock.round) })}>
          <span className="block text-sm">{chainName(i18n, result.chainLabel ?? '')}</span>
          <span className="block text-xs text-muted-foreground">
            {i18n._('verify.chain')} <span className={HEX}>{lock.chain_hash}</span>
          </span>
          {round ? (
            <span className="block text-xs text-muted-foreground">
              {i18n._('verify.signature')} <span className={HEX}>{round.signature}</span>
            </span>
          ) : (
            <span className="block text-sm">{i18n._('verify.notFetched')}</span>
          )}
        </EvidenceItem>
      )}
      {lock?.ciphertext && (
        <EvidenceItem term={i18n._('verify.lockTerm')}>
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
        </EvidenceItem>
      )}
      {result.derivation && (
        <EvidenceItem term={i18n._('verify.hmacHexTerm')}>
          <DerivationSteps
            derivation={{ prize: result.derivation.prize, steps: result.derivation.attempts }}
          />
        </EvidenceItem>
      )}
    </dl>
  );
}

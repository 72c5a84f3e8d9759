import type { ReactNode } from 'react';
import type { DrawProof, ProofVerification } from '@/lib/beacon/proof';
import { formatLotteryTime } from '@/lib/draw-provenance';
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
  const { commitment, lock, round } = proof;
  return (
    <dl className="flex flex-col gap-3">
      <Item term="Commitment (SHA-256 of the seed)">
        {commitment ? (
          <>
            <span className={hex}>{commitment.commitment}</span>
            <span className="block text-sm text-muted-foreground">
              Published {formatLotteryTime(commitment.committed_at, timeZone)}
            </span>
          </>
        ) : (
          'None published'
        )}
      </Item>
      <Item term="Seed">
        {result.seed ? <span className={hex}>{result.seed}</span> : 'Not revealed yet'}
      </Item>
      {lock && (
        <Item term={`Beacon round ${lock.round}`}>
          <span className="block text-sm">{result.chainLabel}</span>
          <span className="block text-xs text-muted-foreground">
            Chain <span className={hex}>{lock.chain_hash}</span>
          </span>
          {round ? (
            <span className="block text-xs text-muted-foreground">
              Signature <span className={hex}>{round.signature}</span>
            </span>
          ) : (
            <span className="block text-sm">Not fetched yet</span>
          )}
        </Item>
      )}
      {lock?.ciphertext && (
        <Item term="Time-locked seed (tlock)">
          <details>
            <summary className="cursor-pointer text-sm">
              Ciphertext
              {lock.locked_at && `, published ${formatLotteryTime(lock.locked_at, timeZone)}`}
            </summary>
            <pre className="mt-1 font-mono text-xs break-all whitespace-pre-wrap">
              {lock.ciphertext}
            </pre>
          </details>
        </Item>
      )}
      {result.derivation && (
        <Item term="HMAC-SHA-256 of each message (hex), keyed by the seed">
          <DerivationSteps
            derivation={{ prize: result.derivation.prize, steps: result.derivation.attempts }}
          />
        </Item>
      )}
    </dl>
  );
}

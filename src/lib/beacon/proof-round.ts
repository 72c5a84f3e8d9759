import { publishedAt } from '../lottery-clock.ts';
import type { BeaconChain } from './chains.ts';
import type { DrawProof, ProofStep } from './proof-format.ts';
import { drawRound, roundTime } from './rounds.ts';
import { verifyRound, type RoundFailure } from './verify.ts';

/**
 * The beacon half of a proof's checks: which key the round is checked against, its signature and
 * its time. quicknet is trusted only as pinned in chains.ts; any other chain is checked against
 * its own published row, and said to be what it is: not independent of the operator.
 */

export const LOCAL_LABEL = 'local test beacon: not independent';

export interface ResolvedChain {
  chain: BeaconChain;
  /** `quicknet`, or LOCAL_LABEL for any chain that is not pinned. */
  label: string;
  pinned: boolean;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** The chain of a beacon draw's proof: a pinned one by its hash, else the proof's own row. */
export function chainOfProof(
  proof: DrawProof,
  pinned: readonly BeaconChain[],
): ResolvedChain | null {
  const hash = proof.lock?.chain_hash;
  const known = pinned.find((chain) => chain.hash === hash);
  if (known) return { chain: known, label: known.name, pinned: true };
  const row = proof.chain;
  if (!row || row.chain_hash !== hash) return null;
  const chain: BeaconChain = {
    name: row.beacon_id,
    hash: row.chain_hash,
    publicKey: row.public_key,
    genesisTime: Number(row.genesis_time),
    period: Number(row.period),
    scheme: row.scheme as BeaconChain['scheme'],
    genesisSeed: '',
    beaconId: row.beacon_id,
    // Whatever the row says: only a pinned chain is independent of the operator.
    independent: false,
  };
  return { chain, label: LOCAL_LABEL, pinned: false };
}

const ROUND_FAILURES: Record<RoundFailure, string> = {
  malformed: 'The round in the proof is malformed (its number or signature is not valid data).',
  'wrong-round': 'The round in the proof is not the round it claims to be.',
  'randomness-mismatch': "The round's randomness is not SHA-256 of its signature.",
  'bad-signature': 'is not valid',
  'unsupported-scheme': "The chain's scheme is not bls-unchained-g1-rfc9380: it cannot be checked.",
};

export function checkRoundSignature(proof: DrawProof, resolved: ResolvedChain | null): ProofStep {
  const fail = (message: string): ProofStep => ({
    step: 'round-signature',
    status: 'failed',
    message,
  });
  const { round, lock } = proof;
  if (!resolved) {
    return fail(
      `The chain ${lock?.chain_hash.slice(0, 8)}… is not pinned and not in the proof: no key to check the round with.`,
    );
  }
  if (!round) return fail(`Round ${lock?.round} is not in the proof.`);
  const key = resolved.pinned
    ? `${resolved.label}'s pinned key`
    : `the key of the chain in the proof (${LOCAL_LABEL})`;
  const result = verifyRound(resolved.chain, {
    round: Number(round.round),
    signature: round.signature,
    randomness: round.randomness,
  });
  if (!result.ok) {
    return fail(
      result.reason === 'bad-signature'
        ? `Round ${round.round}'s signature is not valid under ${key}.`
        : ROUND_FAILURES[result.reason],
    );
  }
  return {
    step: 'round-signature',
    status: 'ok',
    message: resolved.pinned
      ? `Round ${round.round} is signed by ${resolved.label}'s group key, pinned in this verifier (drand, League of Entropy).`
      : `Round ${round.round} is signed by the key of the chain in the proof: ${LOCAL_LABEL} (its key is the operator's, so it proves nothing about foresight).`,
  };
}

/** The draw's moment from its date, hour and timezone; the proof's `drawn_at` if they are invalid. */
export function drawMomentOf(proof: DrawProof): Date {
  try {
    return publishedAt(proof.draw.date, proof.draw.hour, proof.draw.time_zone);
  } catch {
    return new Date(proof.draw.drawn_at);
  }
}

export function checkRoundTime(
  proof: DrawProof,
  chain: BeaconChain | null,
  moment: Date,
): ProofStep {
  const fail = (message: string): ProofStep => ({ step: 'round-time', status: 'failed', message });
  const { round, lock, draw } = proof;
  if (Date.parse(draw.drawn_at) !== moment.getTime()) {
    return fail(
      `The draw's moment is ${iso(moment.getTime() / 1000)} (${draw.date} ${draw.hour}:30 in ${draw.time_zone}), not ${draw.drawn_at}.`,
    );
  }
  if (!chain || !round || !lock) return fail('The proof has no round or chain to time.');
  if (Number(round.round) !== Number(lock.round)) {
    return fail(`The proof's round ${round.round} is not the draw's locked round ${lock.round}.`);
  }
  const seconds = moment.getTime() / 1000;
  let expected: number;
  try {
    expected = drawRound(chain, seconds);
  } catch {
    return fail(`The draw at ${iso(seconds)} is before the chain began.`);
  }
  const published = roundTime(chain, Number(round.round));
  if (expected !== Number(round.round)) {
    return fail(
      `Round ${round.round} was published at ${iso(published)}; the draw at ${iso(seconds)} uses round ${expected}.`,
    );
  }
  return {
    step: 'round-time',
    status: 'ok',
    message: `Round ${round.round} was published at ${iso(published)}, the draw's moment: nobody could know it earlier.`,
  };
}

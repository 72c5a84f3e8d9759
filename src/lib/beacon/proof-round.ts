import { publishedAt } from '../../shared/lottery-clock.ts';
import type { BeaconChain } from '../../shared/beacon/chains.ts';
import type { DrawProof, ProofStep } from './proof-format.ts';
import { finding, step, type Finding } from './proof-findings.ts';
import { drawRound, roundTime } from '../../shared/beacon/rounds.ts';
import { verifyRound, type RoundFailure } from '../../shared/beacon/verify.ts';

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

const ROUND_FAILURES: Record<Exclude<RoundFailure, 'bad-signature'>, Finding> = {
  malformed: finding('round-malformed', {}),
  'wrong-round': finding('round-wrong', {}),
  'randomness-mismatch': finding('round-randomness', {}),
  'unsupported-scheme': finding('chain-scheme', {}),
};

export function checkRoundSignature(proof: DrawProof, resolved: ResolvedChain | null): ProofStep {
  const fail = (found: Finding) => step('round-signature', 'failed', found);
  const { round, lock } = proof;
  // Called for a beacon draw only: its lock is there.
  if (!resolved) return fail(finding('chain-unknown', { chain: lock!.chain_hash.slice(0, 8) }));
  if (!round) return fail(finding('round-missing', { round: lock!.round }));
  const result = verifyRound(resolved.chain, {
    round: Number(round.round),
    signature: round.signature,
    randomness: round.randomness,
  });
  const signed = { round: round.round, chain: resolved.label };
  if (!result.ok) {
    return fail(
      result.reason === 'bad-signature'
        ? finding('signature-invalid', { ...signed, pinned: resolved.pinned ? 'yes' : 'no' })
        : ROUND_FAILURES[result.reason],
    );
  }
  return step(
    'round-signature',
    'ok',
    finding(resolved.pinned ? 'signed-pinned' : 'signed-local', signed),
  );
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
  const fail = (found: Finding) => step('round-time', 'failed', found);
  const { round, lock, draw } = proof;
  if (Date.parse(draw.drawn_at) !== moment.getTime()) {
    return fail(
      finding('moment-mismatch', {
        moment: iso(moment.getTime() / 1000),
        date: draw.date,
        hour: draw.hour,
        zone: draw.time_zone,
        drawnAt: draw.drawn_at,
      }),
    );
  }
  if (!chain || !round || !lock) return fail(finding('round-time-missing', {}));
  if (Number(round.round) !== Number(lock.round)) {
    return fail(finding('round-not-locked', { round: round.round, lockedRound: lock.round }));
  }
  const seconds = moment.getTime() / 1000;
  let expected: number;
  try {
    expected = drawRound(chain, seconds);
  } catch {
    return fail(finding('draw-before-chain', { drawAt: iso(seconds) }));
  }
  const published = roundTime(chain, Number(round.round));
  const at = { round: round.round, publishedAt: iso(published) };
  if (expected !== Number(round.round)) {
    return fail(finding('round-time-wrong', { ...at, drawAt: iso(seconds), expected }));
  }
  return step('round-time', 'ok', finding('round-time-ok', at));
}

import { derivePrize } from '../seed-derive.ts';
import { QUICKNET, type BeaconChain } from './chains.ts';
import { deriveBeaconPrize, seedCommitment } from './derive.ts';
import {
  STEP_TITLES,
  type DrawProof,
  type ProofStep,
  type ProofVerification,
  type StepName,
  type StepStatus,
  type VerifyOptions,
} from './proof-format.ts';
import { chainOfProof, checkRoundSignature, checkRoundTime, drawMomentOf } from './proof-round.ts';
import { lockedRoundOf, openTimeLock } from './time-lock.ts';

/**
 * The five checks of a draw's proof (ADR 023, "Verification"), in this order: the commitment,
 * the time-locked seed, the round's signature, the round's time, the derivation. Each says ok,
 * failed or not applicable in a plain sentence; the verdict names every step that failed.
 */

const HEX_32 = /^[0-9a-f]{64}$/;
const at = (iso: string) => new Date(iso).toISOString().replace('.000Z', 'Z');
const step = (name: StepName, status: StepStatus, message: string): ProofStep => ({
  step: name,
  status,
  message,
});
const notApplicable = (message: string): ProofStep[] =>
  (['commitment', 'time-lock', 'round-signature', 'round-time', 'derivation'] as const).map(
    (name) => step(name, 'not-applicable', message),
  );

function checkCommitment(proof: DrawProof, seed: string | undefined, moment: Date): ProofStep {
  const { commitment } = proof;
  if (!commitment)
    return step('commitment', 'failed', 'No commitment was published for this draw.');
  if (seed === undefined) {
    return step(
      'commitment',
      'failed',
      'The seed has not been revealed, and no time lock opened it.',
    );
  }
  if (!HEX_32.test(seed)) return step('commitment', 'failed', 'The seed is not 64 hex digits.');
  const hash = seedCommitment(seed);
  if (hash !== commitment.commitment) {
    return step(
      'commitment',
      'failed',
      `SHA-256 of the seed is ${hash}, not the published commitment ${commitment.commitment}.`,
    );
  }
  const committed = Date.parse(commitment.committed_at);
  if (!(committed <= moment.getTime())) {
    return step(
      'commitment',
      'failed',
      `The commitment was published at ${commitment.committed_at}, not before the draw at ${at(moment.toISOString())}.`,
    );
  }
  return step(
    'commitment',
    'ok',
    `SHA-256 of the seed equals the commitment published at ${at(commitment.committed_at)}, before the draw.`,
  );
}

interface Opened {
  step: ProofStep;
  seed?: string;
}

async function checkTimeLock(
  proof: DrawProof,
  chain: BeaconChain | null,
  signatureOk: boolean,
  moment: Date,
): Promise<Opened> {
  const { lock, round } = proof;
  const fail = (message: string): Opened => ({ step: step('time-lock', 'failed', message) });
  if (!lock?.ciphertext) return fail('No time-locked seed was published for this draw.');
  if (!lock.locked_at || !(Date.parse(lock.locked_at) <= moment.getTime())) {
    return fail(
      `The time-locked seed was not published before the draw (at ${lock.locked_at ?? 'no time'}).`,
    );
  }
  const header = lockedRoundOf(lock.ciphertext);
  if (!header) return fail('The time-locked seed is not a tlock ciphertext.');
  if (header.round !== lock.round || header.chainHash !== lock.chain_hash) {
    return fail(
      `The ciphertext is locked to round ${header.round} of chain ${header.chainHash.slice(0, 8)}…, not to the draw's round ${lock.round}.`,
    );
  }
  if (!round || !chain)
    return fail(`Round ${lock.round} is not in the proof: the lock cannot be opened.`);
  if (!signatureOk) {
    return {
      step: step(
        'time-lock',
        'not-applicable',
        `Not opened: round ${round.round}'s signature is not valid (see the round signature).`,
      ),
    };
  }
  let opened: string;
  try {
    opened = (await openTimeLock(chain, round, lock.ciphertext)).trim();
  } catch {
    return fail(`The time-locked seed does not open with round ${round.round}'s signature.`);
  }
  if (proof.seed === null) {
    return {
      step: step(
        'time-lock',
        'ok',
        `Round ${round.round}'s signature opens the time lock: it gives the seed, which was not revealed otherwise.`,
      ),
      seed: opened,
    };
  }
  if (opened !== proof.seed) {
    return fail(`The time lock opens to the seed ${opened}, not the published seed.`);
  }
  return {
    step: step(
      'time-lock',
      'ok',
      `Round ${round.round}'s signature opens the time lock, published at ${at(lock.locked_at)}: it gives the published seed.`,
    ),
    seed: opened,
  };
}

async function checkDerivation(
  proof: DrawProof,
  seed: string | undefined,
): Promise<{ step: ProofStep; derivation?: ProofVerification['derivation'] }> {
  const { draw, round, lock } = proof;
  if (seed === undefined || !HEX_32.test(seed)) {
    return { step: step('derivation', 'failed', 'No valid seed to derive the prize from.') };
  }
  let derivation: ProofVerification['derivation'];
  try {
    if (lock) {
      if (!round)
        return { step: step('derivation', 'failed', `Round ${lock.round} is not in the proof.`) };
      const derived = deriveBeaconPrize(seed, {
        ...draw,
        round: round.round,
        randomness: round.randomness,
      });
      derivation = { prize: derived.prize, attempts: derived.steps };
    } else {
      const derived = await derivePrize(seed, draw.date, draw.hour);
      derivation = { prize: derived.prize, attempts: derived.steps };
    }
  } catch (error) {
    return {
      step: step('derivation', 'failed', `The derivation cannot run: ${(error as Error).message}.`),
    };
  }
  const from = lock ? `The seed and round ${round!.round}'s randomness derive` : 'The seed derives';
  return {
    derivation,
    step:
      derivation.prize === draw.prize
        ? step('derivation', 'ok', `${from} ${derivation.prize}, the published result.`)
        : step(
            'derivation',
            'failed',
            `${from} ${derivation.prize}; the published result is ${draw.prize}.`,
          ),
  };
}

function summaryOf(steps: ProofStep[], scheme: 'beacon' | 'seed-commitment', label: string | null) {
  const failed = steps
    .filter((one) => one.status === 'failed')
    .map((one) => STEP_TITLES[one.step].toLowerCase());
  const kind = scheme === 'beacon' ? `beacon draw, ${label}` : 'seed commitment only';
  if (failed.length === 0) return `Verified (${kind})`;
  const names =
    failed.length === 1 ? failed[0] : `${failed.slice(0, -1).join(', ')} and ${failed.at(-1)}`;
  return `Not verified (${kind}): ${names} failed`;
}

export async function verifyProofSteps(
  proof: DrawProof,
  { pinned = [QUICKNET] }: VerifyOptions = {},
): Promise<ProofVerification> {
  const { draw, lock, round } = proof;
  const scheme = lock ? 'beacon' : 'seed-commitment';
  const resolved = lock ? chainOfProof(proof, pinned) : null;
  const chainLabel = resolved?.label ?? null;
  if (draw.source === null) {
    const waiting = lock !== null && round === null && Date.now() >= Date.parse(draw.drawn_at);
    return waiting
      ? {
          outcome: 'waiting',
          scheme,
          chainLabel,
          steps: notApplicable('Waiting for the beacon.'),
          summary: `Waiting for the beacon: round ${lock.round} has not been fetched yet`,
        }
      : {
          outcome: 'not-drawn',
          scheme,
          chainLabel,
          steps: notApplicable('Not drawn yet.'),
          summary: 'Not drawn yet',
        };
  }
  if (draw.source !== 'system') {
    const message = 'Entered by the operator: there is no seed or beacon round to check.';
    return {
      outcome: 'operator',
      scheme: null,
      chainLabel: null,
      steps: notApplicable(message),
      summary: 'Entered by the operator: not verifiable by seed',
    };
  }
  const moment = drawMomentOf(proof);
  const steps: ProofStep[] = [];
  let seed = proof.seed ?? undefined;
  if (lock) {
    const signature = checkRoundSignature(proof, resolved);
    const opened = await checkTimeLock(
      proof,
      resolved?.chain ?? null,
      signature.status === 'ok',
      moment,
    );
    seed ??= opened.seed;
    steps.push(
      checkCommitment(proof, seed, moment),
      opened.step,
      signature,
      checkRoundTime(proof, resolved?.chain ?? null, moment),
    );
  } else {
    const legacy = 'Not applicable: this draw was made before beacon draws (seed commitment only).';
    steps.push(
      checkCommitment(proof, seed, moment),
      step('time-lock', 'not-applicable', legacy),
      step('round-signature', 'not-applicable', legacy),
      step('round-time', 'not-applicable', legacy),
    );
  }
  const derived = await checkDerivation(proof, seed);
  steps.push(derived.step);
  const verified = steps.every((one) => one.status !== 'failed');
  return {
    outcome: verified ? 'verified' : 'not-verified',
    scheme,
    chainLabel,
    steps,
    summary: summaryOf(steps, scheme, chainLabel),
    seed,
    derivation: derived.derivation,
  };
}

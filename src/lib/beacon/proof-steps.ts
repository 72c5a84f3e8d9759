import { derivePrize } from '../seed-derive.ts';
import { QUICKNET, type BeaconChain } from '../../shared/beacon/chains.ts';
import { deriveBeaconPrize, seedCommitment } from './derive.ts';
import {
  STEP_TITLES,
  type DrawProof,
  type ProofStep,
  type ProofVerification,
  type VerifyOptions,
} from './proof-format.ts';
import { finding, step, type Finding } from './proof-findings.ts';
import { chainOfProof, checkRoundSignature, checkRoundTime, drawMomentOf } from './proof-round.ts';
import { lockedRoundOf, openTimeLock } from './time-lock.ts';

/**
 * The five checks of a draw's proof (ADR 023, "Verification"), in this order: the commitment,
 * the time-locked seed, the round's signature, the round's time, the derivation. Each says ok,
 * failed or not applicable with a finding (proof-findings.ts: an id and its values, worded by
 * the app in the page's language and by the CLI in English); the verdict names every step that
 * failed.
 */

const HEX_32 = /^[0-9a-f]{64}$/;
const at = (iso: string) => new Date(iso).toISOString().replace('.000Z', 'Z');
const notApplicable = (found: Finding): ProofStep[] =>
  (['commitment', 'time-lock', 'round-signature', 'round-time', 'derivation'] as const).map(
    (name) => step(name, 'not-applicable', found),
  );

function checkCommitment(proof: DrawProof, seed: string | undefined, moment: Date): ProofStep {
  const { commitment } = proof;
  const fail = (found: Finding) => step('commitment', 'failed', found);
  if (!commitment) return fail(finding('commitment-none', {}));
  if (seed === undefined) return fail(finding('seed-unrevealed', {}));
  if (!HEX_32.test(seed)) return fail(finding('seed-malformed', {}));
  const hash = seedCommitment(seed);
  if (hash !== commitment.commitment) {
    return fail(finding('commitment-mismatch', { hash, commitment: commitment.commitment }));
  }
  const committed = Date.parse(commitment.committed_at);
  if (!(committed <= moment.getTime())) {
    return fail(
      finding('commitment-late', {
        committedAt: commitment.committed_at,
        drawAt: at(moment.toISOString()),
      }),
    );
  }
  return step(
    'commitment',
    'ok',
    finding('commitment-ok', { committedAt: at(commitment.committed_at) }),
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
  const fail = (found: Finding): Opened => ({ step: step('time-lock', 'failed', found) });
  if (!lock?.ciphertext) return fail(finding('lock-none', {}));
  // `null` is a lock never sealed; any other time is compared to the draw's moment.
  if (lock.locked_at == null) return fail(finding('lock-unsealed', {}));
  if (!lock.locked_at || !(Date.parse(lock.locked_at) <= moment.getTime())) {
    return fail(finding('lock-late', { lockedAt: lock.locked_at }));
  }
  const header = lockedRoundOf(lock.ciphertext);
  if (!header) return fail(finding('lock-malformed', {}));
  if (header.round !== lock.round || header.chainHash !== lock.chain_hash) {
    return fail(
      finding('lock-wrong-round', {
        lockedRound: header.round,
        chain: header.chainHash.slice(0, 8),
        round: lock.round,
      }),
    );
  }
  if (!round || !chain) return fail(finding('lock-round-missing', { round: lock.round }));
  if (!signatureOk) {
    return {
      step: step('time-lock', 'not-applicable', finding('lock-not-opened', { round: round.round })),
    };
  }
  let opened: string;
  try {
    opened = (await openTimeLock(chain, round, lock.ciphertext)).trim();
  } catch {
    return fail(finding('lock-does-not-open', { round: round.round }));
  }
  if (proof.seed === null) {
    return {
      step: step('time-lock', 'ok', finding('lock-opens-unrevealed', { round: round.round })),
      seed: opened,
    };
  }
  if (opened !== proof.seed) return fail(finding('lock-other-seed', { seed: opened }));
  return {
    step: step(
      'time-lock',
      'ok',
      finding('lock-ok', { round: round.round, lockedAt: at(lock.locked_at) }),
    ),
    seed: opened,
  };
}

async function checkDerivation(
  proof: DrawProof,
  seed: string | undefined,
): Promise<{ step: ProofStep; derivation?: ProofVerification['derivation'] }> {
  const { draw, round, lock } = proof;
  const fail = (found: Finding) => ({ step: step('derivation', 'failed', found) });
  if (seed === undefined || !HEX_32.test(seed)) return fail(finding('seed-invalid', {}));
  let derivation: ProofVerification['derivation'];
  try {
    if (lock) {
      if (!round) return fail(finding('round-missing', { round: lock.round }));
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
    return fail(finding('derivation-error', { error: (error as Error).message }));
  }
  const from = { scheme: lock ? 'beacon' : 'seed', round: round?.round ?? 0 } as const;
  return {
    derivation,
    step:
      derivation.prize === draw.prize
        ? step('derivation', 'ok', finding('derived-ok', { ...from, prize: derivation.prize }))
        : step(
            'derivation',
            'failed',
            finding('derived-mismatch', {
              ...from,
              prize: derivation.prize,
              published: String(draw.prize),
            }),
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
          steps: notApplicable(finding('waiting', {})),
          summary: `Waiting for the beacon: round ${lock.round} has not been fetched yet`,
        }
      : {
          outcome: 'not-drawn',
          scheme,
          chainLabel,
          steps: notApplicable(finding('not-drawn', {})),
          summary: 'Not drawn yet',
        };
  }
  if (draw.source !== 'system') {
    return {
      outcome: 'operator',
      scheme: null,
      chainLabel: null,
      steps: notApplicable(finding('operator', {})),
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
    const legacy = finding('legacy', {});
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

import { publishedAt } from '../../shared/lottery-clock.ts';
import {
  MAX_PROOF_BYTES,
  PROOF_FORMAT,
  type DrawProof,
  type ProofVerification,
  type PublicRows,
  type VerifyOptions,
} from './proof-format.ts';

export * from './proof-format.ts';

/**
 * Building, reading and checking a draw's proof (ADR 023, "Verification"): the one module the
 * browser and `npm run verify` share.
 */

export function buildProof(rows: PublicRows): DrawProof {
  return {
    format: PROOF_FORMAT,
    draw: {
      date: rows.date,
      hour: rows.hour,
      time_zone: rows.timeZone,
      drawn_at: publishedAt(rows.date, rows.hour, rows.timeZone).toISOString(),
      prize: rows.result?.first_prize ?? null,
      source: rows.result?.source ?? null,
    },
    commitment: rows.commitment && {
      commitment: rows.commitment.commitment,
      committed_at: rows.commitment.committed_at,
    },
    seed: rows.seed,
    lock: rows.lock && {
      chain_hash: rows.lock.chain_hash,
      // bigint columns may come back as strings from some clients: the proof holds numbers.
      round: Number(rows.lock.round),
      ciphertext: rows.lock.ciphertext,
      locked_at: rows.lock.locked_at,
    },
    chain: rows.chain && { ...rows.chain, genesis_time: Number(rows.chain.genesis_time) },
    round: rows.round && { ...rows.round, round: Number(rows.round.round) },
  };
}

/** The proof as one pretty-printed JSON file, the download and `--save` write. */
export function proofJson(proof: DrawProof): string {
  return `${JSON.stringify(proof, null, 2)}\n`;
}

/** The file name a downloaded proof gets: `lotto24-2026-11-23-14.proof.json`. */
export function proofFileName(proof: Pick<DrawProof, 'draw'>): string {
  return `lotto24-${proof.draw.date}-${String(proof.draw.hour).padStart(2, '0')}.proof.json`;
}

export class ProofFormatError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a proof file a stranger may have written: bounded in size, every field of the expected
 * type (the steps then check the values). Throws ProofFormatError saying what is wrong.
 */
export function parseProof(text: string): DrawProof {
  if (text.length > MAX_PROOF_BYTES) {
    throw new ProofFormatError(`The proof is larger than ${MAX_PROOF_BYTES} bytes`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProofFormatError('The proof is not JSON');
  }
  if (!isObject(value) || value.format !== PROOF_FORMAT) {
    throw new ProofFormatError(`The proof's format is not ${PROOF_FORMAT}`);
  }
  const { draw } = value;
  if (
    !isObject(draw) ||
    typeof draw.date !== 'string' ||
    typeof draw.hour !== 'number' ||
    typeof draw.time_zone !== 'string' ||
    typeof draw.drawn_at !== 'string' ||
    !(draw.prize === null || typeof draw.prize === 'string') ||
    !(draw.source === null || typeof draw.source === 'string')
  ) {
    throw new ProofFormatError('The proof has no valid "draw"');
  }
  const nullableObject = (name: string) => {
    const field = value[name];
    if (field !== null && !isObject(field)) {
      throw new ProofFormatError(`The proof's "${name}" is neither an object nor null`);
    }
  };
  ['commitment', 'lock', 'chain', 'round'].forEach(nullableObject);
  if (!(value.seed === null || typeof value.seed === 'string')) {
    throw new ProofFormatError('The proof\'s "seed" is neither a string nor null');
  }
  return value as unknown as DrawProof;
}

/**
 * Checks a proof step by step (commitment, time lock, round signature, round time, derivation).
 * The checks (BLS12-381 and, for the time lock, tlock-js) load on the first call: a page that
 * only builds or downloads a proof never fetches them.
 */
export async function verifyProof(
  proof: DrawProof,
  options?: VerifyOptions,
): Promise<ProofVerification> {
  const { verifyProofSteps } = await import('./proof-steps.ts');
  return verifyProofSteps(proof, options);
}

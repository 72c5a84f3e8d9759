import { publishedAt } from '../lottery-clock.ts';
import { verifyProofSteps, type ProofVerification, type VerifyOptions } from './proof-steps.ts';

/**
 * The proof of one draw (ADR 023, "Verification"): one JSON file of public data alone (the rows
 * any visitor reads with the anon key), enough to check the draw with no network at all. The
 * browser offers it for download and `npm run verify -- --proof FILE` checks it.
 */

export const PROOF_FORMAT = 'lotto24-draw-proof/1';
/** A proof is ≈ 2 KB; a stranger's file may be no larger than this before it is parsed. */
export const MAX_PROOF_BYTES = 64 * 1024;

/** A `public.beacon_chains` row, as the REST API returns it. */
export interface ChainRow {
  chain_hash: string;
  scheme: string;
  public_key: string;
  genesis_time: number;
  period: number;
  beacon_id: string;
  independent: boolean;
}

export interface DrawProof {
  format: typeof PROOF_FORMAT;
  draw: {
    date: string;
    hour: number;
    /** The lottery's timezone: the draw's moment is HH:30 on its clock. */
    time_zone: string;
    /** The draw's moment (HH:30:00 on the lottery clock) as an ISO instant. */
    drawn_at: string;
    /** The published first prize; null when none is published. */
    prize: string | null;
    /** `system` or `operator` (lottery_results.source); null when none is published. */
    source: string | null;
  };
  commitment: { commitment: string; committed_at: string } | null;
  /** The revealed seed (draw_seeds), 64 hex; null before it is revealed. */
  seed: string | null;
  /** The draw's `draw_locks` row: null for a draw of ADR 012's scheme (seed commitment only). */
  lock: {
    chain_hash: string;
    round: number;
    ciphertext: string | null;
    locked_at: string | null;
  } | null;
  chain: ChainRow | null;
  round: { round: number; signature: string; randomness: string } | null;
}

/** The public rows of one draw, as the verify view and the CLI read them. */
export interface PublicRows {
  date: string;
  hour: number;
  timeZone: string;
  result: { first_prize: string; source: string } | null;
  commitment: { commitment: string; committed_at: string } | null;
  seed: string | null;
  lock: DrawProof['lock'];
  chain: ChainRow | null;
  round: DrawProof['round'];
}

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

export type { ProofStep, ProofVerification, StepName, StepStatus } from './proof-steps.ts';

/** Checks a proof step by step (commitment, time lock, round signature, round time, derivation). */
export function verifyProof(proof: DrawProof, options?: VerifyOptions): Promise<ProofVerification> {
  return verifyProofSteps(proof, options);
}

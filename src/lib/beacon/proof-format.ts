import type { BeaconChain } from '../../shared/beacon/chains.ts';
import type { ProofStep, StepName } from './proof-findings.ts';

/**
 * The proof of one draw (ADR 023, "Verification"): one JSON file of public data alone (the rows
 * any visitor reads with the anon key), enough to check the draw with no network at all. The
 * browser offers it for download and `npm run verify -- --proof FILE` checks it. Types only (and
 * the step titles), so a page can name them without loading the checks.
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

// A step and its finding live with the findings, which build them: this file only names them.
export type { ProofStep, StepName, StepStatus } from './proof-findings.ts';

export const STEP_TITLES: Record<StepName, string> = {
  commitment: 'Commitment',
  'time-lock': 'Time-locked seed',
  'round-signature': 'Round signature',
  'round-time': 'Round time',
  derivation: 'Derivation',
};

export interface DerivationAttempt {
  /** The HMAC message: ADR 012's text, or ADR 023's 75 bytes as hex. */
  message: string;
  mac: string;
  value: number;
  accepted: boolean;
}

export interface ProofVerification {
  outcome: 'verified' | 'not-verified' | 'operator' | 'not-drawn' | 'waiting';
  /** `beacon` (ADR 023) or `seed-commitment` (ADR 012 only); null without a system result. */
  scheme: 'beacon' | 'seed-commitment' | null;
  /** The beacon's name as shown: `quicknet` or `local test beacon: not independent`. */
  chainLabel: string | null;
  steps: ProofStep[];
  /** The verdict in one sentence, the same in the browser and the CLI. */
  summary: string;
  /** The seed the checks used: the revealed one, else the one the time lock opened. */
  seed?: string;
  derivation?: { prize: string; attempts: DerivationAttempt[] };
}

export interface VerifyOptions {
  /** Chains trusted from this list, never from the proof: quicknet by default. */
  pinned?: readonly BeaconChain[];
}

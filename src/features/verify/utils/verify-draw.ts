import { commitmentOf, derivePrize, isHex32, type Derivation } from '@/lib/seed-derive';

/** What the public API shows about one draw: the three tables the check reads. */
export interface DrawEvidence {
  date: string;
  hour: number;
  result: {
    first_prize: string;
    source: string;
    previous_prize: string | null;
    corrected_at: string | null;
    created_at: string;
  } | null;
  commitment: { commitment: string; committed_at: string } | null;
  seed: string | null;
  /** Results once published for this draw and withdrawn since, newest first (ADR 024). */
  withdrawn?: { first_prize: string; source: string; withdrawn_at: string }[];
}

export type NotVerifiedReason =
  'no-commitment' | 'no-seed' | 'seed-mismatch' | 'prize-mismatch' | 'late-commitment';

export type Verification =
  | { status: 'not-drawn' }
  | { status: 'operator' }
  | { status: 'unavailable' }
  | {
      status: 'not-verified' | 'verified';
      reason?: NotVerifiedReason;
      /** SHA-256 of the revealed seed, when there is one. */
      seedHash?: string;
      derivation?: Derivation;
    };

/**
 * Checks a draw the way the contract of ADR 012 says, in this order: a result exists; it was
 * drawn by the system; a commitment was published; the seed was revealed; the seed hashes to the
 * commitment; the seed derives the published prize; the commitment predates the draw moment.
 */
export async function verifyDraw(evidence: DrawEvidence, drawMoment: Date): Promise<Verification> {
  const { result, commitment, seed } = evidence;
  if (!result) return { status: 'not-drawn' };
  if (result.source !== 'system') return { status: 'operator' };
  if (!commitment) return { status: 'not-verified', reason: 'no-commitment' };
  if (seed === null) return { status: 'not-verified', reason: 'no-seed' };
  // WebCrypto exists only in secure contexts (HTTPS, localhost): say so rather than "not verified".
  if (!globalThis.crypto?.subtle) return { status: 'unavailable' };
  if (!isHex32(seed)) return { status: 'not-verified', reason: 'seed-mismatch' };
  const seedHash = await commitmentOf(seed);
  if (seedHash !== commitment.commitment) {
    return { status: 'not-verified', reason: 'seed-mismatch', seedHash };
  }
  const derivation = await derivePrize(seed, evidence.date, evidence.hour);
  if (derivation.prize !== result.first_prize) {
    return { status: 'not-verified', reason: 'prize-mismatch', seedHash, derivation };
  }
  if (new Date(commitment.committed_at).getTime() > drawMoment.getTime()) {
    return { status: 'not-verified', reason: 'late-commitment', seedHash, derivation };
  }
  return { status: 'verified', seedHash, derivation };
}

/** The outcome in plain words: the same sentences as `npm run verify`. */
export function verificationSentence(verification: Verification, publishedPrize?: string): string {
  switch (verification.status) {
    case 'not-drawn':
      return 'Not drawn yet';
    case 'operator':
      return 'Entered by the operator: not verifiable by seed';
    case 'unavailable':
      return 'Cannot check here: this browser offers no WebCrypto (the page must be served over HTTPS)';
    case 'verified':
      return 'Verified';
  }
  switch (verification.reason) {
    case 'no-commitment':
      return 'Not verified: no commitment was published for this draw';
    case 'no-seed':
      return 'Not verified: the seed has not been revealed';
    case 'seed-mismatch':
      return 'Not verified: the seed does not match the commitment';
    case 'prize-mismatch':
      return `Not verified: the seed derives ${verification.derivation?.prize}, the published result is ${publishedPrize}`;
    default:
      return 'Not verified: the commitment was published after the draw';
  }
}

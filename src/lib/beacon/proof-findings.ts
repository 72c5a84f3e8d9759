/**
 * What each step of a draw's proof found (ADR 023, "Verification"), as a stable id and its
 * values (rounds, hashes, instants), not as a sentence: the app words each finding from its
 * catalogs in the page's language (`verify.finding.*`, ADR 027), while `npm run verify` prints
 * the English sentences below, unchanged since the CLI was written. The app's English catalog
 * says exactly the same (src/features/verify/utils/findings.test.ts holds them together).
 * Instants stay ISO 8601 in every language: the checks compare them to the second, and a visitor
 * compares them with the proof file.
 */

/** Values of each finding: numbers as numbers, everything else as the text the proof holds. */
export interface FindingValues {
  'commitment-none': Record<string, never>;
  'seed-unrevealed': Record<string, never>;
  'seed-malformed': Record<string, never>;
  'commitment-mismatch': { hash: string; commitment: string };
  'commitment-late': { committedAt: string; drawAt: string };
  'commitment-ok': { committedAt: string };
  'lock-none': Record<string, never>;
  'lock-late': { lockedAt: string };
  'lock-unsealed': Record<string, never>;
  'lock-malformed': Record<string, never>;
  'lock-wrong-round': { lockedRound: number; chain: string; round: number };
  'lock-round-missing': { round: number };
  'lock-not-opened': { round: number };
  'lock-does-not-open': { round: number };
  'lock-opens-unrevealed': { round: number };
  'lock-other-seed': { seed: string };
  'lock-ok': { round: number; lockedAt: string };
  'chain-unknown': { chain: string };
  'round-missing': { round: number };
  'round-malformed': Record<string, never>;
  'round-wrong': Record<string, never>;
  'round-randomness': Record<string, never>;
  'chain-scheme': Record<string, never>;
  /** `pinned`: `yes` for a chain pinned in this verifier, `no` for the proof's own chain. */
  'signature-invalid': { round: number; chain: string; pinned: 'yes' | 'no' };
  'signed-pinned': { round: number; chain: string };
  'signed-local': { round: number; chain: string };
  'moment-mismatch': { moment: string; date: string; hour: number; zone: string; drawnAt: string };
  'round-time-missing': Record<string, never>;
  'round-not-locked': { round: number; lockedRound: number };
  'draw-before-chain': { drawAt: string };
  'round-time-wrong': { round: number; publishedAt: string; drawAt: string; expected: number };
  'round-time-ok': { round: number; publishedAt: string };
  'seed-invalid': Record<string, never>;
  /** `error`: the derivation's own English reason, printed by the CLI only. */
  'derivation-error': { error: string };
  /** `scheme`: `beacon` (the seed and the round's randomness) or `seed` (ADR 012's seed alone). */
  'derived-ok': { scheme: 'beacon' | 'seed'; round: number; prize: string };
  'derived-mismatch': {
    scheme: 'beacon' | 'seed';
    round: number;
    prize: string;
    published: string;
  };
  waiting: Record<string, never>;
  'not-drawn': Record<string, never>;
  operator: Record<string, never>;
  legacy: Record<string, never>;
}

export type FindingId = keyof FindingValues;

export type Finding = { [K in FindingId]: { id: K; values: FindingValues[K] } }[FindingId];

const derives = (v: { scheme: 'beacon' | 'seed'; round: number }) =>
  v.scheme === 'beacon' ? `The seed and round ${v.round}'s randomness derive` : 'The seed derives';

/** The CLI's English, one sentence per finding. */
const ENGLISH: { [K in FindingId]: (v: FindingValues[K]) => string } = {
  'commitment-none': () => 'No commitment was published for this draw.',
  'seed-unrevealed': () => 'The seed has not been revealed, and no time lock opened it.',
  'seed-malformed': () => 'The seed is not 64 hex digits.',
  'commitment-mismatch': (v) =>
    `SHA-256 of the seed is ${v.hash}, not the published commitment ${v.commitment}.`,
  'commitment-late': (v) =>
    `The commitment was published at ${v.committedAt}, not before the draw at ${v.drawAt}.`,
  'commitment-ok': (v) =>
    `SHA-256 of the seed equals the commitment published at ${v.committedAt}, before the draw.`,
  'lock-none': () => 'No time-locked seed was published for this draw.',
  'lock-late': (v) => `The time-locked seed was not published before the draw (at ${v.lockedAt}).`,
  'lock-unsealed': () => 'The time-locked seed was not published before the draw (at no time).',
  'lock-malformed': () => 'The time-locked seed is not a tlock ciphertext.',
  'lock-wrong-round': (v) =>
    `The ciphertext is locked to round ${v.lockedRound} of chain ${v.chain}…, not to the draw's round ${v.round}.`,
  'lock-round-missing': (v) => `Round ${v.round} is not in the proof: the lock cannot be opened.`,
  'lock-not-opened': (v) =>
    `Not opened: round ${v.round}'s signature is not valid (see the round signature).`,
  'lock-does-not-open': (v) =>
    `The time-locked seed does not open with round ${v.round}'s signature.`,
  'lock-opens-unrevealed': (v) =>
    `Round ${v.round}'s signature opens the time lock: it gives the seed, which was not revealed otherwise.`,
  'lock-other-seed': (v) => `The time lock opens to the seed ${v.seed}, not the published seed.`,
  'lock-ok': (v) =>
    `Round ${v.round}'s signature opens the time lock, published at ${v.lockedAt}: it gives the published seed.`,
  'chain-unknown': (v) =>
    `The chain ${v.chain}… is not pinned and not in the proof: no key to check the round with.`,
  'round-missing': (v) => `Round ${v.round} is not in the proof.`,
  'round-malformed': () =>
    'The round in the proof is malformed (its number or signature is not valid data).',
  'round-wrong': () => 'The round in the proof is not the round it claims to be.',
  'round-randomness': () => "The round's randomness is not SHA-256 of its signature.",
  'chain-scheme': () => "The chain's scheme is not bls-unchained-g1-rfc9380: it cannot be checked.",
  'signature-invalid': (v) =>
    `Round ${v.round}'s signature is not valid under ${v.pinned === 'yes' ? `${v.chain}'s pinned key` : `the key of the chain in the proof (${v.chain})`}.`,
  'signed-pinned': (v) =>
    `Round ${v.round} is signed by ${v.chain}'s group key, pinned in this verifier (drand, League of Entropy).`,
  'signed-local': (v) =>
    `Round ${v.round} is signed by the key of the chain in the proof: ${v.chain} (its key is the operator's, so it proves nothing about foresight).`,
  'moment-mismatch': (v) =>
    `The draw's moment is ${v.moment} (${v.date} ${v.hour}:30 in ${v.zone}), not ${v.drawnAt}.`,
  'round-time-missing': () => 'The proof has no round or chain to time.',
  'round-not-locked': (v) =>
    `The proof's round ${v.round} is not the draw's locked round ${v.lockedRound}.`,
  'draw-before-chain': (v) => `The draw at ${v.drawAt} is before the chain began.`,
  'round-time-wrong': (v) =>
    `Round ${v.round} was published at ${v.publishedAt}; the draw at ${v.drawAt} uses round ${v.expected}.`,
  'round-time-ok': (v) =>
    `Round ${v.round} was published at ${v.publishedAt}, the draw's moment: nobody could know it earlier.`,
  'seed-invalid': () => 'No valid seed to derive the prize from.',
  'derivation-error': (v) => `The derivation cannot run: ${v.error}.`,
  'derived-ok': (v) => `${derives(v)} ${v.prize}, the published result.`,
  'derived-mismatch': (v) => `${derives(v)} ${v.prize}; the published result is ${v.published}.`,
  waiting: () => 'Waiting for the beacon.',
  'not-drawn': () => 'Not drawn yet.',
  operator: () => 'Entered by the operator: there is no seed or beacon round to check.',
  legacy: () => 'Not applicable: this draw was made before beacon draws (seed commitment only).',
};

/** A finding as `npm run verify` prints it. */
export function englishFinding(finding: Finding): string {
  return (ENGLISH[finding.id] as (values: Finding['values']) => string)(finding.values);
}

/** Builds a finding with its values typed by its id. */
export const finding = <K extends FindingId>(id: K, values: FindingValues[K]): Finding =>
  ({ id, values }) as Finding;

export type StepName = 'commitment' | 'time-lock' | 'round-signature' | 'round-time' | 'derivation';
export type StepStatus = 'ok' | 'failed' | 'not-applicable';

export interface ProofStep {
  step: StepName;
  status: StepStatus;
  /** What the step found, by id and values: the app words it in the page's language. */
  finding: Finding;
  /** The finding in English, as `npm run verify` prints it (below). */
  message: string;
}

/** A step of the checks with its finding, and the finding's English for the CLI. */
export const step = (name: StepName, status: StepStatus, found: Finding): ProofStep => ({
  step: name,
  status,
  finding: found,
  message: englishFinding(found),
});

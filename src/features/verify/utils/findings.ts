import type { MessageId, MessageValues, Messages } from '@/shared/i18n/messages';
import type { Finding, FindingId } from '@/lib/beacon/proof-findings';
import { chainName } from './verdict';

/** Each finding of a proof's checks (ADR 023) and the message that words it (ADR 027). */
export const FINDING_MESSAGES: Record<FindingId, MessageId> = {
  'commitment-none': 'verify.finding.commitmentNone',
  'seed-unrevealed': 'verify.finding.seedUnrevealed',
  'seed-malformed': 'verify.finding.seedMalformed',
  'commitment-mismatch': 'verify.finding.commitmentMismatch',
  'commitment-late': 'verify.finding.commitmentLate',
  'commitment-ok': 'verify.finding.commitmentOk',
  'lock-none': 'verify.finding.lockNone',
  'lock-late': 'verify.finding.lockLate',
  'lock-unsealed': 'verify.finding.lockUnsealed',
  'lock-malformed': 'verify.finding.lockMalformed',
  'lock-wrong-round': 'verify.finding.lockWrongRound',
  'lock-round-missing': 'verify.finding.lockRoundMissing',
  'lock-not-opened': 'verify.finding.lockNotOpened',
  'lock-does-not-open': 'verify.finding.lockDoesNotOpen',
  'lock-opens-unrevealed': 'verify.finding.lockOpensUnrevealed',
  'lock-other-seed': 'verify.finding.lockOtherSeed',
  'lock-ok': 'verify.finding.lockOk',
  'chain-unknown': 'verify.finding.chainUnknown',
  'round-missing': 'verify.finding.roundMissing',
  'round-malformed': 'verify.finding.roundMalformed',
  'round-wrong': 'verify.finding.roundWrong',
  'round-randomness': 'verify.finding.roundRandomness',
  'chain-scheme': 'verify.finding.chainScheme',
  'signature-invalid': 'verify.finding.signatureInvalid',
  'signed-pinned': 'verify.finding.signedPinned',
  'signed-local': 'verify.finding.signedLocal',
  'moment-mismatch': 'verify.finding.momentMismatch',
  'round-time-missing': 'verify.finding.roundTimeMissing',
  'round-not-locked': 'verify.finding.roundNotLocked',
  'draw-before-chain': 'verify.finding.drawBeforeChain',
  'round-time-wrong': 'verify.finding.roundTimeWrong',
  'round-time-ok': 'verify.finding.roundTimeOk',
  'seed-invalid': 'verify.finding.seedInvalid',
  'derivation-error': 'verify.finding.derivationError',
  'derived-ok': 'verify.finding.derivedOk',
  'derived-mismatch': 'verify.finding.derivedMismatch',
  waiting: 'verify.finding.waiting',
  'not-drawn': 'verify.finding.notDrawn',
  operator: 'verify.finding.operator',
  legacy: 'verify.finding.legacy',
};

/**
 * A step's finding in the page's language. Numbers go in as text (a round is a name, never
 * `30,662,812`); the stack's own chain label is said in words; the derivation's English reason
 * (`derivation-error`) is the CLI's alone, so no catalog repeats it.
 */
export function findingText(i18n: Messages, finding: Finding): string {
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(finding.values)) values[name] = String(value);
  if (finding.id === 'signed-local' || finding.id === 'signature-invalid') {
    values.chain = chainName(i18n, finding.values.chain);
  }
  return i18n._(FINDING_MESSAGES[finding.id], values);
}

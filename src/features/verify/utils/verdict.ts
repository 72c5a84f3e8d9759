import type { MessageId, Messages } from '@/shared/i18n/messages';
import type { ProofVerification, StepName } from '@/lib/beacon/proof';
import type { NotVerifiedReason, Verification } from './verify-draw';

const REASONS: Record<NotVerifiedReason, MessageId> = {
  'no-commitment': 'verify.noCommitment',
  'no-seed': 'verify.noSeed',
  'seed-mismatch': 'verify.seedMismatch',
  'prize-mismatch': 'verify.prizeMismatch',
  'late-commitment': 'verify.lateCommitment',
};

/** The outcome of ADR 012's check in the page's language: verificationSentence's words. */
export function verdictOf(i18n: Messages, verification: Verification, published?: string): string {
  switch (verification.status) {
    case 'not-drawn':
      return i18n._('verify.notDrawn');
    case 'operator':
      return i18n._('verify.operator');
    case 'unavailable':
      return i18n._('verify.unavailable');
    case 'verified':
      return i18n._('verify.verified');
  }
  return i18n._(REASONS[verification.reason ?? 'late-commitment'], {
    derived: verification.derivation?.prize ?? '',
    published: published ?? '',
  });
}

/** Select keys of `verify.stepTitle` (ICU keys are words, not the steps' kebab-case names). */
export const STEP_KEYS: Record<StepName, string> = {
  commitment: 'commitment',
  'time-lock': 'timeLock',
  'round-signature': 'roundSignature',
  'round-time': 'roundTime',
  derivation: 'derivation',
};

/** `local test beacon: not independent` is the stack's own label (ADR 023): said in words. */
export const chainName = (i18n: Messages, label: string): string =>
  label.startsWith('local test beacon') ? i18n._('verify.localBeacon') : label;

/**
 * A beacon draw's verdict (ADR 023) in the page's language: the summary `npm run verify` prints,
 * with the failed steps listed by Intl.ListFormat (en-GB: the CLI's "a, b and c", no serial comma).
 */
export function beaconVerdictOf(
  i18n: Messages,
  locale: string,
  beacon: ProofVerification,
  round?: number,
): string {
  switch (beacon.outcome) {
    case 'not-drawn':
      return i18n._('verify.notDrawn');
    case 'operator':
      return i18n._('verify.operator');
    case 'waiting':
      return i18n._('verify.waiting', { round: round === undefined ? '' : String(round) });
  }
  const values = {
    scheme: beacon.scheme === 'beacon' ? 'beacon' : 'commitment',
    chain: chainName(i18n, beacon.chainLabel ?? ''),
  };
  if (beacon.outcome === 'verified') return i18n._('verify.beaconVerified', values);
  const failed = beacon.steps
    .filter((step) => step.status === 'failed')
    .map((step) => i18n._('verify.stepFailedName', { step: STEP_KEYS[step.step] }));
  const list = new Intl.ListFormat(locale === 'en-US' ? 'en-GB' : locale, { type: 'conjunction' });
  return i18n._('verify.beaconNotVerified', { ...values, steps: list.format(failed) });
}

import { CircleCheck, CircleX, Info } from 'lucide-react';
import type { ProofVerification } from '@/lib/beacon/proof';
import { useI18n } from '@/i18n/i18n-context';
import { INTL_LOCALES } from '@/shared/i18n/locales';
import { beaconVerdictOf, verdictOf } from '../utils/verdict';
import type { Verification } from '../utils/verify-draw';

/**
 * The verdict in one plain sentence, announced when the check finishes. Green only for
 * "Verified"; a failed check is red; a draw that cannot be checked by seed is neutral. A beacon
 * draw's verdict is its proof's (ADR 023): the same sentence `npm run verify` ends with.
 */
export function VerificationOutcome({
  verification,
  publishedPrize,
  beacon,
  round,
}: {
  verification: Verification;
  publishedPrize?: string;
  beacon?: ProofVerification | null;
  /** The beacon round a waiting draw waits for. */
  round?: number;
}) {
  const { i18n, locale } = useI18n();
  const sentence = beacon
    ? beaconVerdictOf(i18n, INTL_LOCALES[locale], beacon, round)
    : verdictOf(i18n, verification, publishedPrize);
  const status = beacon ? beacon.outcome : verification.status;
  const tone =
    status === 'verified'
      ? 'border-green-700 text-green-800 dark:border-green-400 dark:text-green-300'
      : status === 'not-verified'
        ? 'border-destructive text-destructive'
        : 'border-border text-foreground';
  const Icon = status === 'verified' ? CircleCheck : status === 'not-verified' ? CircleX : Info;
  return (
    <p
      role="status"
      className={`flex items-start gap-2 rounded-md border-l-4 bg-background px-3 py-2 font-semibold ${tone}`}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <span>{sentence}</span>
    </p>
  );
}

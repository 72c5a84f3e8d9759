import { CircleCheck, CircleX, Info } from 'lucide-react';
import { verificationSentence, type Verification } from '../utils/verify-draw';

/**
 * The verdict in one plain sentence, announced when the check finishes. Green only for
 * "Verified"; a failed check is red; a draw that cannot be checked by seed is neutral.
 */
export function VerificationOutcome({
  verification,
  publishedPrize,
}: {
  verification: Verification;
  publishedPrize?: string;
}) {
  const sentence = verificationSentence(verification, publishedPrize);
  const tone =
    verification.status === 'verified'
      ? 'border-green-700 text-green-800 dark:border-green-400 dark:text-green-300'
      : verification.status === 'not-verified'
        ? 'border-destructive text-destructive'
        : 'border-border text-foreground';
  const Icon =
    verification.status === 'verified'
      ? CircleCheck
      : verification.status === 'not-verified'
        ? CircleX
        : Info;
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

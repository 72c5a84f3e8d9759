import { CircleCheck, CircleMinus, CircleX } from 'lucide-react';
import { useI18n } from '@/i18n/i18n-context';
import type { ProofStep } from '@/lib/beacon/proof';
import { findingText } from '../utils/findings';
import { STEP_KEYS } from '../utils/verdict';

const STATUS = {
  ok: { word: 'ok', Icon: CircleCheck, tone: 'text-green-800 dark:text-green-300' },
  failed: { word: 'failed', Icon: CircleX, tone: 'text-destructive' },
  'not-applicable': { word: 'na', Icon: CircleMinus, tone: 'text-muted-foreground' },
} as const;

/**
 * The five checks of a beacon draw (ADR 023), in their order, each with what it found in one
 * sentence in the page's language: the steps `npm run verify` prints, worded from the catalogs
 * (in English, the CLI's own sentences).
 */
export function ProofStepsList({ steps }: { steps: ProofStep[] }) {
  const { i18n } = useI18n();
  return (
    <ol aria-label={i18n._('verify.steps')} className="flex flex-col gap-2">
      {steps.map((step) => {
        const { word, Icon, tone } = STATUS[step.status];
        return (
          <li key={step.step} data-step={step.step} className="flex items-start gap-2">
            <Icon aria-hidden className={`mt-0.5 size-4 shrink-0 ${tone}`} />
            <span className="min-w-0 text-sm">
              <span className="font-medium">
                {i18n._('verify.stepTitle', { step: STEP_KEYS[step.step] })}
              </span>
              :{' '}
              <span className={`font-medium ${tone}`}>
                {i18n._('verify.stepStatus', { status: word })}
              </span>
              . <span className="break-words">{findingText(i18n, step.finding)}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

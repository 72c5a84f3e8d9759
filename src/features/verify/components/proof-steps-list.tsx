import { CircleCheck, CircleMinus, CircleX } from 'lucide-react';
import { STEP_TITLES, type ProofStep } from '@/lib/beacon/proof';

const STATUS = {
  ok: { word: 'ok', Icon: CircleCheck, tone: 'text-green-800 dark:text-green-300' },
  failed: { word: 'failed', Icon: CircleX, tone: 'text-destructive' },
  'not-applicable': { word: 'not applicable', Icon: CircleMinus, tone: 'text-muted-foreground' },
} as const;

/**
 * The five checks of a beacon draw (ADR 023), in their order, each with what it found in one
 * sentence: the same steps and sentences `npm run verify` prints.
 */
export function ProofStepsList({ steps }: { steps: ProofStep[] }) {
  return (
    <ol aria-label="Verification steps" className="flex flex-col gap-2">
      {steps.map((step) => {
        const { word, Icon, tone } = STATUS[step.status];
        return (
          <li key={step.step} data-step={step.step} className="flex items-start gap-2">
            <Icon aria-hidden className={`mt-0.5 size-4 shrink-0 ${tone}`} />
            <span className="min-w-0 text-sm">
              <span className="font-medium">{STEP_TITLES[step.step]}</span>:{' '}
              <span className={`font-medium ${tone}`}>{word}</span>.{' '}
              <span className="break-words">{step.message}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

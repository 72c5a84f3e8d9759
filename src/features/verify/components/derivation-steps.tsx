import { useI18n } from '@/i18n/i18n-context';
import { useFormat } from '@/i18n/use-format';
import { ACCEPT_BELOW, type Derivation } from '@/lib/seed-derive';

/** Each HMAC message the browser signed with the seed, its value, and what became of it. */
export function DerivationSteps({ derivation }: { derivation: Derivation }) {
  const { i18n } = useI18n();
  const { number } = useFormat();
  return (
    <ol className="flex flex-col gap-2">
      {derivation.steps.map((step) => (
        <li key={step.message} className="flex flex-col gap-0.5">
          <code className="font-mono text-xs break-all">{step.message}</code>
          <span className="text-xs text-muted-foreground">
            {i18n._('verify.hmac')} <span className="font-mono break-all">{step.mac}</span>
          </span>
          <span className="text-sm">
            {step.accepted
              ? i18n._('verify.stepAccepted', {
                  value: number(step.value),
                  modulus: number(10_000),
                  prize: derivation.prize,
                })
              : i18n._('verify.stepRejected', {
                  value: number(step.value),
                  bound: number(ACCEPT_BELOW),
                })}
          </span>
        </li>
      ))}
    </ol>
  );
}

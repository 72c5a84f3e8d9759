import { ACCEPT_BELOW, type Derivation } from '@/lib/seed-derive';

const number = new Intl.NumberFormat('en-US');

/** Each HMAC message the browser signed with the seed, its value, and what became of it. */
export function DerivationSteps({ derivation }: { derivation: Derivation }) {
  return (
    <ol className="flex flex-col gap-2">
      {derivation.steps.map((step) => (
        <li key={step.message} className="flex flex-col gap-0.5">
          <code className="font-mono text-xs break-all">{step.message}</code>
          <span className="text-xs text-muted-foreground">
            HMAC <span className="font-mono break-all">{step.mac}</span>
          </span>
          <span className="text-sm">
            {step.accepted
              ? `First 4 bytes ${number.format(step.value)}, mod 10,000 = ${derivation.prize}`
              : `First 4 bytes ${number.format(step.value)}: not below ${number.format(ACCEPT_BELOW)}, rejected; next counter`}
          </span>
        </li>
      ))}
    </ol>
  );
}

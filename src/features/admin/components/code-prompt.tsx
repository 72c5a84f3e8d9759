import { useId, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useFactors } from '../api/list-factors';
import { useVerifyFactor } from '../api/verify-factor';
import { mfaErrorMessage } from '../utils/mfa-error';
import { CodeForm } from './code-form';

/**
 * The second step of signing in: a code from one of the account's authenticator apps. A code
 * belongs to one factor, so with several the admin says which app it comes from.
 */
export function CodePrompt() {
  const id = useId();
  const factors = useFactors();
  const verify = useVerifyFactor();
  const [chosen, setChosen] = useState<string | null>(null);

  if (factors.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {mfaErrorMessage(factors.error)}
      </p>
    );
  }
  if (!factors.data) return <Spinner className="mx-auto size-6" />;
  const factorId = chosen ?? factors.data[0]?.id;

  return (
    <CodeForm
      busy={verify.isPending}
      error={verify.error ? mfaErrorMessage(verify.error) : null}
      submitLabel="Verify"
      busyLabel="Verifying..."
      onSubmit={(code) => factorId && verify.mutate({ factorId, code })}
    >
      {factors.data.length > 1 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Authenticator app</legend>
          {factors.data.map((factor) => (
            <label key={factor.id} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-factor`}
                value={factor.id}
                checked={factor.id === factorId}
                onChange={() => setChosen(factor.id)}
                className="accent-primary size-4"
              />
              {factor.name || 'Authenticator app'}
            </label>
          ))}
        </fieldset>
      )}
    </CodeForm>
  );
}

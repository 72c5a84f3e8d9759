import { useId, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useFactors } from '../api/list-factors';
import { useVerifyFactor } from '../api/verify-factor';
import { mfaErrorMessage } from '../utils/mfa-error';
import { CodeForm } from './code-form';
import { useI18n } from '@/i18n/i18n-context';

/**
 * The second step of signing in: a code from one of the account's authenticator apps. A code
 * belongs to one factor, so with several the admin says which app it comes from.
 */
export function CodePrompt() {
  const { i18n } = useI18n();
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
      submitLabel={i18n._('admin.code.verify')}
      busyLabel={i18n._('admin.code.verifying')}
      onSubmit={(code) => factorId && verify.mutate({ factorId, code })}
    >
      {factors.data.length > 1 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{i18n._('admin.factor.legend')}</legend>
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
              {factor.name || i18n._('admin.factor.defaultName')}
            </label>
          ))}
        </fieldset>
      )}
    </CodeForm>
  );
}

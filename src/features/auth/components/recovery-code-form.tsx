import { useId, useState, type FormEvent } from 'react';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { useNewPassword } from '@/components/forms/use-new-password';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { RecoveryCode } from '../api/password';
import { EmailField } from './email-field';
import { ResetStepLinks, type ResetStepProps } from './reset-step-links';
import { useI18n } from '@/i18n/i18n-context';

/**
 * GoTrue's `otp_length` may be 6 to 10 digits (config.toml sets 6); the field takes any of them
 * and the auth server decides. Spaces people type between groups are dropped.
 */
const CODE_MAX = 10;
const CODE = /^[0-9]{6,10}$/;

export type RecoveryCodeFormProps = ResetStepProps & {
  onSubmit: (values: RecoveryCode) => void;
  /** No mail, or the code has expired: ask for a new one. */
  onResend: (email: string) => void;
};

/** The code from the reset e-mail and the new password, in one step. */
export function RecoveryCodeForm({
  initialEmail,
  busy,
  onSubmit,
  onResend,
  onBack,
}: RecoveryCodeFormProps) {
  const { i18n } = useI18n();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [badCode, setBadCode] = useState(false);
  const newPassword = useNewPassword();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const cleaned = code.replace(/\s/g, '');
    const codeOk = CODE.test(cleaned);
    const same = newPassword.check();
    setBadCode(!codeOk);
    if (codeOk && same)
      onSubmit({ email: email.trim(), code: cleaned, password: newPassword.password });
  }

  return (
    <form className="space-y-4" onSubmit={handleSubmit} aria-busy={busy}>
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
      <div className="space-y-2">
        <Label htmlFor={`${id}-code`}>{i18n._('auth.codeLabel')}</Label>
        <Input
          id={`${id}-code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={CODE_MAX + 4}
          aria-invalid={badCode || undefined}
          aria-describedby={badCode ? `${id}-code-error` : `${id}-code-hint`}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setBadCode(false);
          }}
          className="tracking-widest tabular-nums"
        />
        {badCode ? (
          <p id={`${id}-code-error`} role="alert" className="text-destructive text-sm">
            {i18n._('auth.codeError')}
          </p>
        ) : (
          <p id={`${id}-code-hint`} className="text-muted-foreground text-sm">
            {i18n._('auth.codeHint')}
          </p>
        )}
      </div>
      <NewPasswordFields id={id} {...newPassword.fields} />
      <Button type="submit" className="w-full" disabled={busy}>
        {i18n._(busy ? 'account.saving' : 'auth.setNewPassword')}
      </Button>
      <ResetStepLinks
        busy={busy}
        other={i18n._('auth.sendNewCode')}
        onOther={() => onResend(email.trim())}
        onBack={onBack}
      />
    </form>
  );
}

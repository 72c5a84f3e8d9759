import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { useI18n } from '@/i18n/i18n-context';

/** What a new-password form holds: the password and its confirmation. */
export type NewPasswordValue = { password: string; confirmation: string };

export const EMPTY_NEW_PASSWORD: NewPasswordValue = { password: '', confirmation: '' };

/** True when both were typed alike: the only check made before the auth server's own. */
export function passwordsMatch({ password, confirmation }: NewPasswordValue): boolean {
  return password === confirmation;
}

export type NewPasswordFieldsProps = {
  /** A `useId()` of the form, so two forms on a page never share ids. */
  id: string;
  value: NewPasswordValue;
  onChange: (value: NewPasswordValue) => void;
  /** Set after a submit whose two passwords differed, until the confirmation is edited. */
  mismatch: boolean;
};

/**
 * A new password typed twice, each field with its own show toggle: a password nobody can see is
 * easily mistyped, and a mistyped new password locks its owner out. A mismatch is an error beside
 * the confirmation, tied to it for screen readers. No label or toggle name contains another's
 * ("New password", "Confirm password", "Show password", "Show confirmation"), so each one is
 * found by its own name alone.
 */
export function NewPasswordFields({ id, value, onChange, mismatch }: NewPasswordFieldsProps) {
  const { i18n } = useI18n();
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={`${id}-password`}>{i18n._('account.newPassword')}</Label>
        <PasswordInput
          id={`${id}-password`}
          revealLabel={i18n._('account.showPassword')}
          autoComplete="new-password"
          required
          minLength={8}
          aria-describedby={`${id}-hint`}
          value={value.password}
          onChange={(event) => onChange({ ...value, password: event.target.value })}
        />
        <p id={`${id}-hint`} className="text-muted-foreground text-sm">
          {i18n._('account.passwordHint')}
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-confirm`}>{i18n._('account.confirmPassword')}</Label>
        <PasswordInput
          id={`${id}-confirm`}
          revealLabel={i18n._('account.showConfirmation')}
          autoComplete="new-password"
          required
          aria-invalid={mismatch || undefined}
          aria-describedby={mismatch ? `${id}-mismatch` : undefined}
          value={value.confirmation}
          onChange={(event) => onChange({ ...value, confirmation: event.target.value })}
        />
        {mismatch && (
          <p id={`${id}-mismatch`} role="alert" className="text-destructive text-sm">
            {i18n._('account.passwordMismatch')}
          </p>
        )}
      </div>
    </>
  );
}

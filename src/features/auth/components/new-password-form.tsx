import { useId, useState, type FormEvent } from 'react';
import {
  EMPTY_NEW_PASSWORD,
  NewPasswordFields,
  passwordsMatch,
} from '@/components/forms/new-password-fields';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/i18n/i18n-context';

export type NewPasswordFormProps = { busy: boolean; onSubmit: (password: string) => void };

/** The new password after a reset link (the recovery session is already signed in). */
export function NewPasswordForm({ busy, onSubmit }: NewPasswordFormProps) {
  const { i18n } = useI18n();
  const id = useId();
  const [value, setValue] = useState(EMPTY_NEW_PASSWORD);
  const [mismatch, setMismatch] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const same = passwordsMatch(value);
    setMismatch(!same);
    if (same) onSubmit(value.password);
  }

  return (
    <form className="space-y-4" onSubmit={handleSubmit} aria-busy={busy}>
      <NewPasswordFields
        id={id}
        value={value}
        mismatch={mismatch}
        onChange={(next) => {
          if (next.confirmation !== value.confirmation) setMismatch(false);
          setValue(next);
        }}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {i18n._(busy ? 'account.saving' : 'auth.setNewPassword')}
      </Button>
    </form>
  );
}

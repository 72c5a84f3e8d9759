import { useId, type FormEvent } from 'react';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { useNewPassword } from '@/components/forms/use-new-password';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/i18n/i18n-context';

export type NewPasswordFormProps = { busy: boolean; onSubmit: (password: string) => void };

/** The new password after a reset link (the recovery session is already signed in). */
export function NewPasswordForm({ busy, onSubmit }: NewPasswordFormProps) {
  const { i18n } = useI18n();
  const id = useId();
  const newPassword = useNewPassword();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (newPassword.check()) onSubmit(newPassword.password);
  }

  return (
    <form className="space-y-4" onSubmit={handleSubmit} aria-busy={busy}>
      <NewPasswordFields id={id} {...newPassword.fields} />
      <Button type="submit" className="w-full" disabled={busy}>
        {i18n._(busy ? 'account.saving' : 'auth.setNewPassword')}
      </Button>
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { useNewPassword } from '@/components/forms/use-new-password';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useChangePassword } from '../api/change-password';
import { notifySuccess } from '../utils/notify';
import { authErrorMessage } from '@/lib/auth-error-message';
import { useI18n } from '@/i18n/i18n-context';

/**
 * "Change password" in the header: the new password twice, each with a show toggle; a mismatch
 * is caught here, before any request. On an error (the auth server's words: too short, same as
 * the old one) it stays open and says why inside itself: a modal dialog hides the rest of the
 * page, toasts included, from assistive technology. No current password: with
 * `secure_password_change` off the auth server checks none (README, Accounts), so asking for one
 * would protect nothing.
 */
export function ChangePasswordDialog() {
  const { i18n } = useI18n();
  const id = useId();
  const [open, setOpen] = useState(false);
  const newPassword = useNewPassword();
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();

  function reset() {
    newPassword.clear();
    setError(null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    setError(null);
    if (!newPassword.check()) return;
    change.mutate(newPassword.password, {
      onSuccess: () => {
        notifySuccess(i18n._('account.passwordUpdated'));
        reset();
        setOpen(false);
      },
      onError: (cause) => setError(authErrorMessage(cause)),
    });
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        reset();
      }}
    >
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" className="shrink-0">
          {i18n._('admin.password.title')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <form className="space-y-4" onSubmit={handleSubmit} aria-busy={change.isPending}>
          <AlertDialogHeader>
            <AlertDialogTitle>{i18n._('admin.password.title')}</AlertDialogTitle>
            <AlertDialogDescription>{i18n._('admin.password.description')}</AlertDialogDescription>
          </AlertDialogHeader>
          <NewPasswordFields id={id} {...newPassword.fields} />
          {error && (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel type="button">{i18n._('admin.cancel')}</AlertDialogCancel>
            <Button type="submit" disabled={change.isPending}>
              {i18n._(change.isPending ? 'account.saving' : 'admin.password.title')}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

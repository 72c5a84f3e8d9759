import { useId, useState, type FormEvent } from 'react';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useChangePassword } from '../api/change-password';
import { notifySuccess } from '../utils/notify';

/**
 * "Change password" in the header: a dialog with the new password. On an error (the auth
 * server's words: too short, same as the old one) it stays open and says why inside itself: a
 * modal dialog hides the rest of the page, toasts included, from assistive technology.
 */
export function ChangePasswordDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    setError(null);
    change.mutate(password, {
      onSuccess: () => {
        notifySuccess('Password updated successfully');
        setPassword('');
        setOpen(false);
      },
      onError: (cause) => setError(cause.message || 'Something went wrong'),
    });
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" className="shrink-0">
          Change password
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <form className="space-y-4" onSubmit={handleSubmit} aria-busy={change.isPending}>
          <AlertDialogHeader>
            <AlertDialogTitle>Change password</AlertDialogTitle>
            <AlertDialogDescription>
              Your other sessions are signed out once it changes.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="space-y-2">
            <Label htmlFor={`${id}-password`}>New password</Label>
            <Input
              id={`${id}-password`}
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <p className="text-muted-foreground text-sm">At least 8 characters.</p>
            {error && (
              <p role="alert" className="text-destructive text-sm">
                {error}
              </p>
            )}
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving...' : 'Change password'}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

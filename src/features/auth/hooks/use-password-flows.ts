import { toast } from '@/components/ui/use-toast';
import { useRequestPasswordReset, useSetNewPassword } from '../api/password';

/** What the forgot-password and new-password forms do, each ending in a toast. */
export function usePasswordFlows({
  onSent,
  onChanged,
}: {
  onSent: () => void;
  onChanged: () => void;
}) {
  const reset = useRequestPasswordReset();
  const update = useSetNewPassword();

  async function sendReset(email: string) {
    try {
      await reset.mutateAsync(email);
      toast({
        title: 'Success',
        description: 'If an account exists for this email, a password reset link is on its way.',
      });
      onSent();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: messageOf(error) });
    }
  }

  async function setPassword(password: string) {
    try {
      await update.mutateAsync(password);
      // The page moves on to the dashboard: the toast goes with it.
      toast({ title: 'Success', description: 'Password updated successfully', carry: true });
      onChanged();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: messageOf(error) });
    }
  }

  return {
    sending: reset.isPending,
    saving: update.isPending,
    sendReset: (email: string) => void sendReset(email),
    setPassword: (password: string) => void setPassword(password),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

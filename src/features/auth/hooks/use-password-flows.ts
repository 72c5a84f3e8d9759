import { toast } from '@/components/ui/use-toast';
import {
  useRecoverWithCode,
  useRequestPasswordReset,
  useSetNewPassword,
  type RecoveryCode,
} from '../api/password';

/** What the forgot-password, recovery-code and new-password forms do, each ending in a toast. */
export function usePasswordFlows({
  onSent,
  onChanged,
}: {
  onSent: (email: string) => void;
  onChanged: () => void;
}) {
  const reset = useRequestPasswordReset();
  const update = useSetNewPassword();
  const byCode = useRecoverWithCode();

  async function sendReset(email: string) {
    try {
      await reset.mutateAsync(email);
      toast({
        title: 'Success',
        description:
          'If an account exists for this email, a password reset link and code are on their way.',
      });
      onSent(email);
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

  async function recover(values: RecoveryCode) {
    try {
      await byCode.mutateAsync(values);
      toast({ title: 'Success', description: 'Password updated successfully', carry: true });
      onChanged();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: codeMessageOf(error) });
    }
  }

  return {
    sending: reset.isPending,
    saving: update.isPending,
    recovering: byCode.isPending,
    sendReset: (email: string) => void sendReset(email),
    setPassword: (password: string) => void setPassword(password),
    recoverWithCode: (values: RecoveryCode) => void recover(values),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

/**
 * GoTrue says "Token has expired or is invalid" (otp_expired) for a wrong, spent or expired code
 * alike, and after five wrong tries the address's codes die (README, Accounts): say what to do.
 */
function codeMessageOf(error: unknown): string {
  if ((error as { code?: unknown } | null)?.code === 'otp_expired') {
    return 'This code is wrong or has expired. Check the newest reset e-mail, or request a new code.';
  }
  return messageOf(error);
}

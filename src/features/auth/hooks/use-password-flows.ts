import { toast } from '@/components/ui/use-toast';
import {
  useRecoverWithCode,
  useRequestPasswordReset,
  useSetNewPassword,
  type RecoveryCode,
} from '../api/password';
import { current } from '@/i18n/i18n';
import { authErrorMessage } from '@/lib/auth-error-message';

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
      toast({ title: current()._('account.success'), description: current()._('auth.resetSent') });
      onSent(email);
    } catch (error) {
      notifyFailure(authErrorMessage(error));
    }
  }

  /** A new password took: say so, and the page moves on to the dashboard (the toast goes with it). */
  async function changePassword(change: Promise<unknown>, messageOf: (error: unknown) => string) {
    try {
      await change;
      toast({
        title: current()._('account.success'),
        description: current()._('account.passwordUpdated'),
        carry: true,
      });
      onChanged();
    } catch (error) {
      notifyFailure(messageOf(error));
    }
  }

  return {
    sending: reset.isPending,
    saving: update.isPending,
    recovering: byCode.isPending,
    sendReset: (email: string) => void sendReset(email),
    setPassword: (password: string) =>
      void changePassword(update.mutateAsync(password), authErrorMessage),
    recoverWithCode: (values: RecoveryCode) =>
      void changePassword(byCode.mutateAsync(values), codeMessageOf),
  };
}

function notifyFailure(description: string) {
  toast({ variant: 'destructive', title: current()._('account.error'), description });
}

/**
 * GoTrue says "Token has expired or is invalid" (otp_expired) for a wrong, spent or expired code
 * alike, and after five wrong tries the address's codes die (README, Accounts): say what to do.
 */
function codeMessageOf(error: unknown): string {
  if ((error as { code?: unknown } | null)?.code === 'otp_expired') {
    return current()._('auth.error.codeExpired');
  }
  return authErrorMessage(error);
}

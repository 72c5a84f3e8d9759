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

  async function setPassword(password: string) {
    try {
      await update.mutateAsync(password);
      // The page moves on to the dashboard: the toast goes with it.
      toast({
        title: current()._('account.success'),
        description: current()._('account.passwordUpdated'),
        carry: true,
      });
      onChanged();
    } catch (error) {
      notifyFailure(authErrorMessage(error));
    }
  }

  async function recover(values: RecoveryCode) {
    try {
      await byCode.mutateAsync(values);
      toast({
        title: current()._('account.success'),
        description: current()._('account.passwordUpdated'),
        carry: true,
      });
      onChanged();
    } catch (error) {
      notifyFailure(codeMessageOf(error));
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

import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';
import { signOut } from '../api/sign-out';
import { resultErrorMessage } from '../utils/error-message';
import { notifyError } from '../utils/notify';

/** The product's "Access Denied" toast, carried to the home page the visitor is sent to. */
export function toastAccessDenied(): void {
  toast({
    variant: 'destructive',
    title: 'Access Denied',
    // Shown on the home page it sends the visitor to.
    carry: true,
    description: "You don't have admin privileges",
    // Without this, a browser holding a non-admin session could never reach the login form
    // again: /auth redirects every session here, and here redirects it home.
    action: (
      <ToastAction altText="Sign out to log in with another account" onClick={signOutQuietly}>
        Sign out
      </ToastAction>
    ),
  });
}

function signOutQuietly() {
  signOut().catch((error: unknown) => notifyError(resultErrorMessage(error)));
}

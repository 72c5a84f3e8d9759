import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/shared/config/paths';
import { useSignIn, type Credentials } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import type { AuthMode } from '../components/auth-form';
import { current } from '@/i18n/i18n';
import { authErrorMessage } from '@/lib/auth-error-message';

/**
 * What submitting the auth form does: sign in or sign up, say how it went in a toast, and send a
 * new session to the dashboard (which decides whether the user may stay).
 */
export function useAuthSubmit() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const signUp = useSignUp();
  // isPending arrives a tick after mutate; a double submit must not spend two rate-limited tries.
  const submitting = useRef(false);

  // mutateAsync rather than per-call callbacks: signing in makes the page navigate away, and a
  // per-call onSuccess does not run once its component has unmounted.
  async function submit(mode: AuthMode, credentials: Credentials) {
    if (submitting.current) return;
    submitting.current = true;
    const i18n = current();
    try {
      if (mode === 'login') {
        await signIn.mutateAsync(credentials);
        toast({
          title: i18n._('account.success'),
          description: i18n._('auth.loggedIn'),
          carry: true,
        });
        void navigate(paths.admin.getHref(), { replace: true });
      } else {
        const { session: created } = await signUp.mutateAsync(credentials);
        // Sign-up never grants a role: the toast says so, rather than suggest a dashboard awaits.
        toast({
          title: i18n._('account.success'),
          carry: Boolean(created),
          description: i18n._(created ? 'auth.created' : 'auth.createdConfirm'),
        });
        if (created) void navigate(paths.admin.getHref(), { replace: true });
      }
    } catch (error) {
      toast({
        variant: 'destructive',
        title: i18n._('account.error'),
        description: authErrorMessage(error),
      });
    } finally {
      submitting.current = false;
    }
  }

  return {
    busy: signIn.isPending || signUp.isPending,
    submit: (mode: AuthMode, credentials: Credentials) => void submit(mode, credentials),
  };
}

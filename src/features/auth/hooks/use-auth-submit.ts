import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useSignIn, type Credentials } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import type { AuthMode } from '../components/auth-form';

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
    try {
      if (mode === 'login') {
        await signIn.mutateAsync(credentials);
        toast({ title: 'Success', description: 'Logged in successfully', carry: true });
        void navigate(paths.admin.getHref(), { replace: true });
      } else {
        const { session: created } = await signUp.mutateAsync(credentials);
        // Sign-up never grants a role: the toast says so, rather than suggest a dashboard awaits.
        toast({
          title: 'Success',
          carry: Boolean(created),
          description: created
            ? `Account created successfully. ${NOT_ADMIN_YET}`
            : `Account created successfully. Check your email to confirm it. ${NOT_ADMIN_YET}`,
        });
        if (created) void navigate(paths.admin.getHref(), { replace: true });
      }
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: messageOf(error) });
    } finally {
      submitting.current = false;
    }
  }

  return {
    busy: signIn.isPending || signUp.isPending,
    submit: (mode: AuthMode, credentials: Credentials) => void submit(mode, credentials),
  };
}

const NOT_ADMIN_YET = 'It is not an administrator until the operator grants it access.';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

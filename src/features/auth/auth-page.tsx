import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { authMeta } from '@/config/page-meta';
import { paths } from '@/config/paths';
import type { Credentials } from './api/sign-in';
import { useSignIn } from './api/sign-in';
import { useSignUp } from './api/sign-up';
import { AuthForm, type AuthMode } from './components/auth-form';
import { useSession } from './hooks/use-session';

const copy = {
  login: { title: 'Admin Login', description: 'Sign in to manage lottery results.' },
  signup: {
    title: 'Sign Up',
    description: 'Create an account. An administrator grants access to the dashboard.',
  },
} satisfies Record<AuthMode, { title: string; description: string }>;

export function AuthPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  // The dashboard could not check this session's role and sent it here: stay on the form
  // (redirecting would loop) until the user signs in afresh.
  const [checkFailed] = useState(
    () => (location.state as { accessCheckFailed?: boolean } | null)?.accessCheckFailed === true,
  );
  const [mode, setMode] = useState<AuthMode>('login');
  const signIn = useSignIn();
  const signUp = useSignUp();
  const busy = signIn.isPending || signUp.isPending;
  // isPending arrives a tick after mutate; a double submit must not spend two rate-limited tries.
  const submitting = useRef(false);

  // A session that exists already, or appears (here, by a confirmation link, or in another tab),
  // belongs on the dashboard; the dashboard itself decides whether the user may stay.
  useEffect(() => {
    if (session && !checkFailed) void navigate(paths.admin.getHref(), { replace: true });
  }, [session, checkFailed, navigate]);

  // mutateAsync rather than per-call callbacks: signing in makes this page navigate away, and a
  // per-call onSuccess does not run once its component has unmounted.
  async function handleSubmit(credentials: Credentials) {
    if (submitting.current) return;
    submitting.current = true;
    try {
      if (mode === 'login') {
        await signIn.mutateAsync(credentials);
        toast({ title: 'Success', description: 'Logged in successfully', carry: true });
        void navigate(paths.admin.getHref(), { replace: true });
      } else {
        const { session: created } = await signUp.mutateAsync(credentials);
        toast({
          title: 'Success',
          carry: Boolean(created),
          description: created
            ? 'Account created successfully'
            : 'Account created successfully. Check your email to confirm it.',
        });
        if (created) void navigate(paths.admin.getHref(), { replace: true });
      }
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: messageOf(error) });
    } finally {
      submitting.current = false;
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <PageMeta
        title={copy[mode].title}
        description={authMeta.description}
        path={authMeta.path}
        noIndex
      />
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">{copy[mode].title}</h1>
          </CardTitle>
          <CardDescription>{copy[mode].description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {checkFailed && (
            <p role="alert" className="text-destructive text-sm">
              Your access to the dashboard could not be checked. Please log in again.
            </p>
          )}
          <AuthForm
            mode={mode}
            busy={busy}
            onSubmit={(credentials) => void handleSubmit(credentials)}
            onToggleMode={() => setMode((current) => (current === 'login' ? 'signup' : 'login'))}
          />
          <div className="text-center">
            <Link
              to={paths.home.getHref()}
              className="text-muted-foreground text-sm underline-offset-4 hover:underline"
            >
              Back to Home
            </Link>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

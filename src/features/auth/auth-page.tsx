import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { authMeta } from '@/config/page-meta';
import { paths } from '@/config/paths';
import { AuthForm, type AuthMode } from './components/auth-form';
import { ForgotPasswordForm } from './components/forgot-password-form';
import { NewPasswordForm } from './components/new-password-form';
import { useAuthSubmit } from './hooks/use-auth-submit';
import { usePasswordFlows } from './hooks/use-password-flows';
import { useRecoveryLanding } from './hooks/use-recovery-landing';
import { useSignedInRedirect } from './hooks/use-signed-in-redirect';

type PageMode = AuthMode | 'forgot' | 'recover';

const copy = {
  login: { title: 'Admin Login', description: 'Sign in to manage lottery results.' },
  signup: {
    title: 'Sign Up',
    description: 'Create an account. An administrator grants access to the dashboard.',
  },
  forgot: {
    title: 'Reset Password',
    description: 'Enter your email and we will send you a link to choose a new password.',
  },
  recover: {
    title: 'Choose a New Password',
    description: 'Set the password you will sign in with.',
  },
} satisfies Record<PageMode, { title: string; description: string }>;

export function AuthPage() {
  const landing = useRecoveryLanding();
  const { checkFailed } = useSignedInRedirect({ paused: landing.recovering });
  const [mode, setMode] = useState<AuthMode | 'forgot'>(landing.linkError ? 'forgot' : 'login');
  const { busy, submit } = useAuthSubmit();
  const flows = usePasswordFlows({ onSent: () => setMode('login'), onChanged: landing.done });
  const shown: PageMode = landing.recovering ? 'recover' : mode;

  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <PageMeta
        title={copy[shown].title}
        description={authMeta.description}
        path={authMeta.path}
        noIndex
      />
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">{copy[shown].title}</h1>
          </CardTitle>
          <CardDescription>{copy[shown].description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {checkFailed && (
            <p role="alert" className="text-destructive text-sm">
              Your access to the dashboard could not be checked. Please log in again.
            </p>
          )}
          {landing.linkError && shown === 'forgot' && (
            <p role="alert" className="text-destructive text-sm">
              This password reset link is invalid or has expired. Request a new one below.
            </p>
          )}
          {shown === 'recover' && (
            <NewPasswordForm busy={flows.saving} onSubmit={flows.setPassword} />
          )}
          {shown === 'forgot' && (
            <ForgotPasswordForm
              busy={flows.sending}
              onSubmit={flows.sendReset}
              onBack={() => setMode('login')}
            />
          )}
          {(shown === 'login' || shown === 'signup') && (
            <AuthForm
              mode={shown}
              busy={busy}
              onSubmit={(credentials) => submit(shown, credentials)}
              onToggleMode={() => setMode(shown === 'login' ? 'signup' : 'login')}
              onForgotPassword={() => setMode('forgot')}
            />
          )}
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

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { authMeta } from '@/config/page-meta';
import { paths } from '@/config/paths';
import { AuthForm, type AuthMode } from './components/auth-form';
import { ForgotPasswordForm } from './components/forgot-password-form';
import { NewPasswordForm } from './components/new-password-form';
import { RecoveryCodeForm } from './components/recovery-code-form';
import { useAuthSubmit } from './hooks/use-auth-submit';
import { usePasswordFlows } from './hooks/use-password-flows';
import { useRecoveryLanding } from './hooks/use-recovery-landing';
import { useSignedInRedirect } from './hooks/use-signed-in-redirect';

type FormMode = AuthMode | 'forgot' | 'code';
type PageMode = FormMode | 'recover';

const copy = {
  login: { title: 'Admin Login', description: 'Sign in to manage lottery results.' },
  signup: {
    title: 'Sign Up',
    description:
      'Create an account. Only the operator can make it an administrator; until then it opens nothing visitors cannot already see.',
  },
  forgot: {
    title: 'Reset Password',
    description:
      'Enter your email and we will send you a link and a code to choose a new password.',
  },
  code: {
    title: 'Enter Your Code',
    description: 'Type the code from the reset e-mail and choose a new password.',
  },
  recover: {
    title: 'Choose a New Password',
    description: 'Set the password you will sign in with.',
  },
} satisfies Record<PageMode, { title: string; description: string }>;

export function AuthPage() {
  const landing = useRecoveryLanding();
  const [mode, setMode] = useState<FormMode>(landing.linkError ? 'forgot' : 'login');
  // The address typed on one form follows to the next (login → forgot → code).
  const [email, setEmail] = useState('');
  const { busy, submit } = useAuthSubmit();
  const flows = usePasswordFlows({
    onSent: (sentTo) => {
      setEmail(sentTo);
      setMode('code');
    },
    onChanged: landing.done,
  });
  // A code being spent signs a recovery session in before the new password is set: the page
  // stays on the code form, and on /auth, until both are done.
  const { checkFailed } = useSignedInRedirect({
    paused: landing.recovering || flows.recovering,
  });
  const shown: PageMode = landing.recovering && !flows.recovering ? 'recover' : mode;
  const goTo = (next: FormMode, typed: string) => {
    setEmail(typed);
    setMode(next);
  };

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
              initialEmail={email}
              busy={flows.sending}
              onSubmit={flows.sendReset}
              onHaveCode={(typed) => goTo('code', typed)}
              onBack={() => setMode('login')}
            />
          )}
          {shown === 'code' && (
            <RecoveryCodeForm
              initialEmail={email}
              busy={flows.recovering}
              onSubmit={flows.recoverWithCode}
              onResend={(typed) => goTo('forgot', typed)}
              onBack={() => setMode('login')}
            />
          )}
          {(shown === 'login' || shown === 'signup') && (
            <AuthForm
              mode={shown}
              busy={busy}
              onSubmit={(credentials) => submit(shown, credentials)}
              onToggleMode={() => setMode(shown === 'login' ? 'signup' : 'login')}
              onForgotPassword={(typed) => goTo('forgot', typed)}
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

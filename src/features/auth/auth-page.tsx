import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { authMetaIn } from '@/shared/config/page-meta';
import { paths } from '@/shared/config/paths';
import { AuthForm, type AuthMode } from './components/auth-form';
import { ForgotPasswordForm } from './components/forgot-password-form';
import { NewPasswordForm } from './components/new-password-form';
import { RecoveryCodeForm } from './components/recovery-code-form';
import { useAuthSubmit } from './hooks/use-auth-submit';
import { usePasswordFlows } from './hooks/use-password-flows';
import { useRecoveryLanding } from './hooks/use-recovery-landing';
import { useSignedInRedirect } from './hooks/use-signed-in-redirect';
import { useI18n } from '@/i18n/i18n-context';
import type { MessageId } from '@/shared/i18n/messages';
import { LanguageControl } from '@/components/language-control';

type FormMode = AuthMode | 'forgot' | 'code';
type PageMode = FormMode | 'recover';

// Each mode's heading (also the tab's title) and its line below.
const copy = {
  login: { title: 'auth.login.title', description: 'auth.login.description' },
  signup: { title: 'auth.signup.title', description: 'auth.signup.description' },
  forgot: { title: 'auth.forgot.title', description: 'auth.forgot.description' },
  code: { title: 'auth.code.title', description: 'auth.code.description' },
  recover: { title: 'auth.recover.title', description: 'auth.recover.description' },
} satisfies Record<PageMode, { title: MessageId; description: MessageId }>;

export function AuthPage() {
  const { i18n } = useI18n();
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
      <PageMeta {...authMetaIn(i18n)} title={i18n._(copy[shown].title)} />
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">{i18n._(copy[shown].title)}</h1>
          </CardTitle>
          <CardDescription>{i18n._(copy[shown].description)}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {checkFailed && (
            <p role="alert" className="text-destructive text-sm">
              {i18n._('auth.checkFailed')}
            </p>
          )}
          {landing.linkError && shown === 'forgot' && (
            <p role="alert" className="text-destructive text-sm">
              {i18n._('auth.linkError')}
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
          <div className="flex flex-wrap items-center justify-between gap-2">
            <LanguageControl tone="plain" />
            <Link
              to={paths.home.getHref()}
              className="text-muted-foreground text-sm underline-offset-4 hover:underline"
            >
              {i18n._('common.backHome')}
            </Link>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}

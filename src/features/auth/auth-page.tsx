import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { authMeta } from '@/config/page-meta';
import { paths } from '@/config/paths';
import { AuthForm, type AuthMode } from './components/auth-form';
import { useAuthSubmit } from './hooks/use-auth-submit';
import { useSignedInRedirect } from './hooks/use-signed-in-redirect';

const copy = {
  login: { title: 'Admin Login', description: 'Sign in to manage lottery results.' },
  signup: {
    title: 'Sign Up',
    description: 'Create an account. An administrator grants access to the dashboard.',
  },
} satisfies Record<AuthMode, { title: string; description: string }>;

export function AuthPage() {
  const { checkFailed } = useSignedInRedirect();
  const [mode, setMode] = useState<AuthMode>('login');
  const { busy, submit } = useAuthSubmit();

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
            onSubmit={(credentials) => submit(mode, credentials)}
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

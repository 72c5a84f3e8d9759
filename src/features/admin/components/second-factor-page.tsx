import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { notifySuccess } from '../utils/notify';
import { CodePrompt } from './code-prompt';
import { EnrolFactor } from './enrol-factor';

export type SecondFactorPageProps = {
  step: 'enrol' | 'code';
  email: string;
  signingOut: boolean;
  onSignOut: () => void;
  /** Opens the dashboard read-only: the database refuses changes below aal2. */
  onNotNow: () => void;
};

const copy = {
  enrol: {
    title: 'Set Up Two-Step Sign-In',
    description:
      'Changing results takes a code from an authenticator app as well as your password, so a stolen password alone changes nothing.',
  },
  code: {
    title: 'Enter Your Code',
    description: 'Open your authenticator app and type the code it shows for Lotto24.',
  },
};

/** What /admin shows an admin whose session is not yet at aal2. */
export function SecondFactorPage({
  step,
  email,
  signingOut,
  onSignOut,
  onNotNow,
}: SecondFactorPageProps) {
  return (
    // Top-aligned on a phone, as Access Denied: toasts rise from the bottom.
    <main className="flex min-h-dvh items-start justify-center p-4 pt-8 sm:items-center sm:pt-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">{copy[step].title}</h1>
          </CardTitle>
          <CardDescription>{copy[step].description}</CardDescription>
          <p className="text-muted-foreground text-sm wrap-anywhere">
            Signed in as <span className="text-foreground font-medium">{email}</span>
          </p>
        </CardHeader>
        <CardContent className="space-y-4">
          {step === 'enrol' ? (
            <EnrolFactor
              friendlyName="Authenticator app"
              onDone={() => notifySuccess('Authenticator app added: changes are open to you')}
            />
          ) : (
            <CodePrompt />
          )}
          {step === 'code' && (
            <p className="text-muted-foreground text-sm">
              Lost your phone? Another admin or the operator can remove your authenticator app; you
              then set up a new one here.
            </p>
          )}
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
            <Button type="button" variant="outline" onClick={onNotNow}>
              Not now (read only)
            </Button>
            <Button type="button" variant="ghost" disabled={signingOut} onClick={onSignOut}>
              <LogOut aria-hidden />
              {signingOut ? 'Logging out...' : 'Logout'}
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}

import { LogOut } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

export type AccessDeniedProps = { email: string; signingOut: boolean; onSignOut: () => void };

/**
 * What a signed-in account without the admin role sees at /admin. Sign-ups are open (config.toml
 * `enable_signup`) and never grant a role, so this is every new account's first page: it says
 * plainly what the account is and is not, and how to leave it for another one (/auth sends any
 * session here, so without Sign out on the page a browser would be stuck with this account).
 */
export function AccessDenied({ email, signingOut, onSignOut }: AccessDeniedProps) {
  return (
    // Top-aligned on a phone: the toasts rise from the bottom and must not cover Sign out.
    <main className="flex min-h-dvh items-start justify-center p-4 pt-8 sm:items-center sm:pt-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">Access Denied</h1>
          </CardTitle>
          <CardDescription className="wrap-anywhere">
            Signed in as <span className="text-foreground font-medium">{email}</span>
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <p>
            This account is not an administrator, so it cannot open the dashboard. If you should
            manage results, ask the operator to grant this address the admin role, then sign in
            again.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="button" disabled={signingOut} onClick={onSignOut}>
              <LogOut aria-hidden />
              {signingOut ? 'Signing out...' : 'Sign out'}
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.home.getHref()}>Back to Home</Link>
            </Button>
          </div>
          <p className="text-muted-foreground text-sm">
            An account gives nothing else: every results page is open to visitors without one.
          </p>
        </CardContent>
      </Card>
    </main>
  );
}

import { LogOut } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { CardDescription } from '@/components/ui/card';
import { paths } from '@/shared/config/paths';
import { AccountCardPage } from './account-card-page';
import { SignedInAs } from './signed-in-as';
import { useI18n } from '@/i18n/i18n-context';
import { LanguageControl } from '@/components/language-control';

export type AccessDeniedProps = { email: string; signingOut: boolean; onSignOut: () => void };

/**
 * What a signed-in account without the admin role sees at /admin. Sign-ups are open (config.toml
 * `enable_signup`) and never grant a role, so this is every new account's first page: it says
 * plainly what the account is and is not, and how to leave it for another one (/auth sends any
 * session here, so without Sign out on the page a browser would be stuck with this account).
 */
export function AccessDenied({ email, signingOut, onSignOut }: AccessDeniedProps) {
  const { i18n } = useI18n();
  return (
    <AccountCardPage
      title={i18n._('admin.denied.title')}
      header={
        <CardDescription className="wrap-anywhere">
          <SignedInAs email={email} />
        </CardDescription>
      }
    >
      <p>{i18n._('admin.denied.body')}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="button" disabled={signingOut} onClick={onSignOut}>
          <LogOut aria-hidden />
          {i18n._(signingOut ? 'admin.signingOut' : 'admin.signOut')}
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.home.getHref()}>{i18n._('common.backHome')}</Link>
        </Button>
        <LanguageControl tone="plain" />
      </div>
      <p className="text-muted-foreground text-sm">{i18n._('admin.denied.nothingElse')}</p>
    </AccountCardPage>
  );
}

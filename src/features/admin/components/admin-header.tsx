import { LogOut } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/shared/config/paths';
import { ChangePasswordDialog } from './change-password-dialog';
import { SecurityDialog } from './security-dialog';
import { SignedInAs } from './signed-in-as';
import { useI18n } from '@/i18n/i18n-context';
import { LanguageControl } from '@/components/language-control';

export type AdminHeaderProps = {
  email: string;
  /** The session is at aal2: the admin may add and remove authenticator apps. */
  secondFactor: boolean;
  signingOut: boolean;
  onLogout: () => void;
  onLogoutEverywhere: () => void;
};

/**
 * On a phone the buttons go below and the address wraps anywhere (an e-mail has no spaces to
 * break at): cut to "Signed in as a…", an admin sharing a device could not tell whose it is.
 */
export function AdminHeader({
  email,
  secondFactor,
  signingOut,
  onLogout,
  onLogoutEverywhere,
}: AdminHeaderProps) {
  const { i18n } = useI18n();
  return (
    <header className="bg-card border-b">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-3 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-4">
        <div className="min-w-0">
          <Link to={paths.home.getHref()} className="text-primary text-lg font-bold">
            Lotto24
          </Link>
          <p className="text-muted-foreground text-sm">
            <SignedInAs email={email} className="wrap-anywhere" />
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 sm:justify-end">
          <LanguageControl tone="plain" />
          <SecurityDialog
            canManage={secondFactor}
            signingOut={signingOut}
            onSignOutEverywhere={onLogoutEverywhere}
          />
          <ChangePasswordDialog />
          <Button
            type="button"
            variant="outline"
            className="shrink-0"
            disabled={signingOut}
            onClick={onLogout}
          >
            <LogOut aria-hidden />
            {i18n._(signingOut ? 'admin.loggingOut' : 'admin.logout')}
          </Button>
        </div>
      </div>
    </header>
  );
}

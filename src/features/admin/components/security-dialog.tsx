import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useFactors } from '../api/list-factors';
import { EnrolFactor } from './enrol-factor';
import { FactorList } from './factor-list';
import { useI18n } from '@/i18n/i18n-context';

export type SecurityDialogProps = {
  /** At aal2: below it GoTrue refuses to add or remove factors (insufficient_aal). */
  canManage: boolean;
  signingOut: boolean;
  onSignOutEverywhere: () => void;
};

/**
 * "Security" in the header: the authenticator apps (listed, removable down to the last one,
 * another added) and "Sign out everywhere". Errors show inside: a modal hides the toasts.
 */
export function SecurityDialog({
  canManage,
  signingOut,
  onSignOutEverywhere,
}: SecurityDialogProps) {
  const { i18n } = useI18n();
  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const factors = useFactors(open);

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setAdding(false);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" className="shrink-0">
          {i18n._('admin.security.title')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent className="max-h-dvh overflow-y-auto">
        <AlertDialogHeader>
          <AlertDialogTitle>{i18n._('admin.security.title')}</AlertDialogTitle>
          <AlertDialogDescription>{i18n._('admin.security.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        <section aria-labelledby="security-apps" className="space-y-3">
          <h2 id="security-apps" className="text-sm font-semibold">
            {i18n._('admin.security.apps')}
          </h2>
          <FactorList query={factors} canManage={canManage} />
          {canManage && adding && (
            <EnrolFactor
              friendlyName={nextName(factors.data?.map((factor) => factor.name) ?? [], (n) =>
                i18n._('admin.factor.numberedName', { n }),
              )}
              onDone={() => setAdding(false)}
            />
          )}
          {canManage && !adding && (
            <Button type="button" variant="outline" onClick={() => setAdding(true)}>
              {i18n._('admin.security.addApp')}
            </Button>
          )}
        </section>
        <section aria-labelledby="security-sessions" className="space-y-2 border-t pt-4">
          <h2 id="security-sessions" className="text-sm font-semibold">
            {i18n._('admin.security.sessions')}
          </h2>
          <p className="text-muted-foreground text-sm">{i18n._('admin.security.sessionsHint')}</p>
          <Button
            type="button"
            variant="destructive"
            disabled={signingOut}
            onClick={onSignOutEverywhere}
          >
            {i18n._(signingOut ? 'admin.signingOut' : 'admin.security.signOutEverywhere')}
          </Button>
        </section>
        <AlertDialogFooter>
          <AlertDialogCancel type="button">{i18n._('toast.close')}</AlertDialogCancel>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * GoTrue refuses two factors of one name (mfa_factor_name_conflict): the first free one. The
 * name is the admin's language's ("Authenticator app 2"); the auth server stores it as given.
 */
export function nextName(taken: string[], nameOf: (n: number) => string): string {
  for (let n = 2; ; n += 1) {
    const name = nameOf(n);
    if (!taken.includes(name)) return name;
  }
}

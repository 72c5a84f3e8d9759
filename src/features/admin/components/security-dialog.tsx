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
          Security
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent className="max-h-dvh overflow-y-auto">
        <AlertDialogHeader>
          <AlertDialogTitle>Security</AlertDialogTitle>
          <AlertDialogDescription>
            Authenticator apps whose codes confirm your sign-in. Keep at least one.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <section aria-labelledby="security-apps" className="space-y-3">
          <h2 id="security-apps" className="text-sm font-semibold">
            Authenticator apps
          </h2>
          <FactorList query={factors} canManage={canManage} />
          {canManage && adding && (
            <EnrolFactor
              friendlyName={nextName(factors.data?.map((factor) => factor.name) ?? [])}
              onDone={() => setAdding(false)}
            />
          )}
          {canManage && !adding && (
            <Button type="button" variant="outline" onClick={() => setAdding(true)}>
              Add another app
            </Button>
          )}
        </section>
        <section aria-labelledby="security-sessions" className="space-y-2 border-t pt-4">
          <h2 id="security-sessions" className="text-sm font-semibold">
            Sessions
          </h2>
          <p className="text-muted-foreground text-sm">
            Ends every session of this account on every device, this one included.
          </p>
          <Button
            type="button"
            variant="destructive"
            disabled={signingOut}
            onClick={onSignOutEverywhere}
          >
            {signingOut ? 'Signing out...' : 'Sign out everywhere'}
          </Button>
        </section>
        <AlertDialogFooter>
          <AlertDialogCancel type="button">Close</AlertDialogCancel>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** GoTrue refuses two factors of one name (mfa_factor_name_conflict): the first free one. */
export function nextName(taken: string[]): string {
  for (let n = 2; ; n += 1) {
    const name = `Authenticator app ${n}`;
    if (!taken.includes(name)) return name;
  }
}

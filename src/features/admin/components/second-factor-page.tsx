import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CardDescription } from '@/components/ui/card';
import { notifySuccess } from '../utils/notify';
import { CodePrompt } from './code-prompt';
import { EnrolFactor } from './enrol-factor';
import type { MessageId } from '@/shared/i18n/messages';
import { AccountCardPage } from './account-card-page';
import { SignedInAs } from './signed-in-as';
import { useI18n } from '@/i18n/i18n-context';
import { LanguageControl } from '@/components/language-control';

export type SecondFactorPageProps = {
  step: 'enrol' | 'code';
  email: string;
  signingOut: boolean;
  onSignOut: () => void;
  /** Opens the dashboard read-only: the database refuses changes below aal2. */
  onNotNow: () => void;
};

const copy = {
  enrol: { title: 'admin.enrol.title', description: 'admin.enrol.description' },
  code: { title: 'admin.code.title', description: 'admin.code.description' },
} satisfies Record<SecondFactorPageProps['step'], { title: MessageId; description: MessageId }>;

/** What /admin shows an admin whose session is not yet at aal2. */
export function SecondFactorPage({
  step,
  email,
  signingOut,
  onSignOut,
  onNotNow,
}: SecondFactorPageProps) {
  const { i18n } = useI18n();
  return (
    <AccountCardPage
      title={i18n._(copy[step].title)}
      header={
        <>
          <CardDescription>{i18n._(copy[step].description)}</CardDescription>
          <p className="text-muted-foreground text-sm wrap-anywhere">
            <SignedInAs email={email} />
          </p>
        </>
      }
    >
      {step === 'enrol' ? (
        <EnrolFactor
          friendlyName={i18n._('admin.factor.defaultName')}
          onDone={() => notifySuccess(i18n._('admin.factor.added'))}
        />
      ) : (
        <CodePrompt />
      )}
      {step === 'code' && (
        <p className="text-muted-foreground text-sm">{i18n._('admin.code.lostPhone')}</p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={onNotNow}>
          {i18n._('admin.notNow')}
        </Button>
        <LanguageControl tone="plain" />
        <Button type="button" variant="ghost" disabled={signingOut} onClick={onSignOut}>
          <LogOut aria-hidden />
          {i18n._(signingOut ? 'admin.loggingOut' : 'admin.logout')}
        </Button>
      </div>
    </AccountCardPage>
  );
}

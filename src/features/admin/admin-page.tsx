import { PageMeta } from '@/components/seo/page-meta';
import { Spinner } from '@/components/ui/spinner';
import { adminMetaIn } from '@/shared/config/page-meta';
import { useNow } from '@/hooks/use-now';
import { todayIn } from '@/shared/lottery-clock';
import { useLotteryTimezone } from '@/lib/lottery-timezone';
import type { ReactNode } from 'react';
import { type SignOutScope, useSignOut } from './api/sign-out';
import { useAdminRealtime } from './api/use-admin-realtime';
import { AccessDenied } from './components/access-denied';
import { AddResultSection } from './components/add-result-section';
import { AdminHeader } from './components/admin-header';
import { AdminSection } from './components/admin-section';
import { ChangesSection } from './components/changes-section';
import { PastResultsSection } from './components/past-results-section';
import { QuickActionsSection } from './components/quick-actions-section';
import { SecondFactorBanner } from './components/second-factor-banner';
import { SecondFactorPage } from './components/second-factor-page';
import { useAdminAccess } from './hooks/use-admin-access';
import { useSecondFactor } from './hooks/use-second-factor';
import { resultErrorMessage } from './utils/error-message';
import { notifyError } from './utils/notify';
import { useI18n } from '@/i18n/i18n-context';

export function AdminPage() {
  const { i18n } = useI18n();
  const access = useAdminAccess();
  const factor = useSecondFactor(access.status === 'granted');
  const signOut = useSignOut();
  const logOut = (scope?: SignOutScope) =>
    signOut.mutate(scope, { onError: (error) => notifyError(resultErrorMessage(error)) });

  if (access.status === 'denied') {
    return (
      <>
        <PageMeta {...adminMetaIn(i18n)} title={i18n._('admin.denied.title')} />
        <AccessDenied
          email={access.email}
          signingOut={signOut.isPending}
          onSignOut={() => logOut()}
        />
      </>
    );
  }

  if (access.status !== 'granted' || factor.step === 'checking') {
    return (
      <main className="flex min-h-dvh items-center justify-center">
        <PageMeta {...adminMetaIn(i18n)} />
        <h1 className="sr-only">{i18n._('admin.heading')}</h1>
        <Spinner className="text-primary size-8" />
      </main>
    );
  }

  const { step } = factor;
  if (step !== 'done' && !factor.deferred) {
    return (
      <>
        <PageMeta
          {...adminMetaIn(i18n)}
          title={i18n._(step === 'enrol' ? 'admin.enrol.title' : 'admin.code.title')}
        />
        <SecondFactorPage
          step={step}
          email={access.email}
          signingOut={signOut.isPending}
          onSignOut={() => logOut()}
          onNotNow={factor.defer}
        />
      </>
    );
  }

  return (
    <div className="min-h-dvh">
      <PageMeta {...adminMetaIn(i18n)} />
      <AdminHeader
        email={access.email}
        secondFactor={step === 'done'}
        signingOut={signOut.isPending}
        onLogout={() => logOut()}
        onLogoutEverywhere={() => logOut('global')}
      />
      <Dashboard
        notice={step !== 'done' && <SecondFactorBanner step={step} onResume={factor.resume} />}
      />
    </div>
  );
}

function Dashboard({ notice }: { notice: ReactNode }) {
  const { i18n } = useI18n();
  useAdminRealtime();
  const timeZone = useLotteryTimezone();
  // Today moves at midnight in the lottery timezone, not the admin's.
  const today = todayIn(timeZone, useNow(60_000));
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-3 py-6 sm:px-4">
      <h1 className="text-2xl font-bold">{i18n._('admin.heading')}</h1>
      {notice}
      <div className="grid gap-6 lg:grid-cols-2">
        <AdminSection
          id="add-result"
          title={i18n._('admin.add.title')}
          description={i18n._('admin.add.description')}
        >
          <AddResultSection today={today} />
        </AdminSection>
        <AdminSection
          id="quick-actions"
          title={i18n._('admin.quick.title')}
          description={i18n._('admin.quick.description')}
        >
          <QuickActionsSection today={today} />
        </AdminSection>
      </div>
      <AdminSection
        id="past-results"
        title={i18n._('admin.past.title')}
        description={i18n._('admin.past.description')}
      >
        <PastResultsSection today={today} timeZone={timeZone} />
      </AdminSection>
      <AdminSection
        id="changes"
        title={i18n._('admin.changes.title')}
        description={i18n._('admin.changes.description')}
      >
        <ChangesSection today={today} timeZone={timeZone} />
      </AdminSection>
    </main>
  );
}

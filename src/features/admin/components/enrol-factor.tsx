import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useEnrollFactor, type Enrolment } from '../api/enroll-factor';
import { useVerifyFactor } from '../api/verify-factor';
import { mfaErrorMessage } from '../utils/mfa-error';
import { CodeForm } from './code-form';
import { useI18n } from '@/i18n/i18n-context';

export type EnrolFactorProps = { friendlyName: string; onDone: () => void };

/**
 * Adds an authenticator app: the enrolment starts as soon as this shows (once, StrictMode's
 * second effect included), and the first code confirms it and raises the session to aal2.
 */
export function EnrolFactor({ friendlyName, onDone }: EnrolFactorProps) {
  const { i18n } = useI18n();
  const enroll = useEnrollFactor();
  const verify = useVerifyFactor();
  const started = useRef(false);
  const { mutate } = enroll;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(friendlyName);
  }, [mutate, friendlyName]);

  if (enroll.isError) {
    return (
      <div className="space-y-3">
        <p role="alert" className="text-destructive text-sm">
          {mfaErrorMessage(enroll.error)}
        </p>
        <Button type="button" variant="outline" onClick={() => enroll.mutate(friendlyName)}>
          {i18n._('admin.tryAgain')}
        </Button>
      </div>
    );
  }
  if (!enroll.data) {
    return (
      <p className="text-muted-foreground flex items-center gap-2 text-sm" role="status">
        <Spinner aria-hidden /> {i18n._('admin.enrol.preparing')}
      </p>
    );
  }
  const enrolment = enroll.data;
  return (
    <div className="space-y-4">
      <EnrolmentSecret enrolment={enrolment} />
      <CodeForm
        busy={verify.isPending}
        error={verify.error ? mfaErrorMessage(verify.error) : null}
        submitLabel={i18n._('admin.enrol.confirm')}
        busyLabel={i18n._('admin.enrol.confirming')}
        onSubmit={(code) =>
          verify.mutate({ factorId: enrolment.factorId, code }, { onSuccess: onDone })
        }
      />
    </div>
  );
}

function EnrolmentSecret({ enrolment }: { enrolment: Enrolment }) {
  const { i18n } = useI18n();
  const id = useId();
  return (
    <div className="space-y-3">
      <p className="text-sm">{i18n._('admin.enrol.scan')}</p>
      {/* White behind the code in dark mode too: scanners need its light margin. */}
      <img
        src={enrolment.qrCode}
        alt={i18n._('admin.enrol.qrAlt')}
        width={176}
        height={176}
        className="mx-auto size-44 rounded-md bg-white p-2"
      />
      <div className="space-y-2">
        <Label htmlFor={`${id}-secret`}>{i18n._('admin.enrol.secret')}</Label>
        <Input
          id={`${id}-secret`}
          readOnly
          value={enrolment.secret}
          aria-describedby={`${id}-secret-hint`}
          className="font-mono text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <p id={`${id}-secret-hint`} className="text-muted-foreground text-sm">
          {i18n._('admin.enrol.secretHint')}
        </p>
      </div>
    </div>
  );
}

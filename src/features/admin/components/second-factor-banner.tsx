import { ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

export type SecondFactorBannerProps = { step: 'enrol' | 'code'; onResume: () => void };

/** Above a dashboard opened with "Not now": says why changes fail, and the way back. */
export function SecondFactorBanner({ step, onResume }: SecondFactorBannerProps) {
  return (
    <div
      role="note"
      className="border-primary/40 bg-primary/5 flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex gap-2 text-sm">
        <ShieldAlert aria-hidden className="text-primary size-5 shrink-0" />
        <span>
          Signed in with your password only: you can look around, but changes to results need
          {step === 'enrol' ? ' an authenticator app set up' : ' your authenticator code'}.
        </span>
      </p>
      <Button type="button" className="shrink-0" onClick={onResume}>
        {step === 'enrol' ? 'Set up authenticator' : 'Enter code'}
      </Button>
    </div>
  );
}

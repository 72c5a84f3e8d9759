import { ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/i18n/i18n-context';

export type SecondFactorBannerProps = { step: 'enrol' | 'code'; onResume: () => void };

/** Above a dashboard opened with "Not now": says why changes fail, and the way back. */
export function SecondFactorBanner({ step, onResume }: SecondFactorBannerProps) {
  const { i18n } = useI18n();
  return (
    <div
      role="note"
      className="border-primary/40 bg-primary/5 flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex gap-2 text-sm">
        <ShieldAlert aria-hidden className="text-primary size-5 shrink-0" />
        <span>{i18n._('admin.readOnly', { step })}</span>
      </p>
      <Button type="button" className="shrink-0" onClick={onResume}>
        {i18n._(step === 'enrol' ? 'admin.readOnly.setUp' : 'admin.readOnly.enterCode')}
      </Button>
    </div>
  );
}

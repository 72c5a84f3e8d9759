import { Button } from '@/components/ui/button';
import { useI18n } from '@/i18n/i18n-context';

/** What both reset steps (ask for a code, type the code) are handed. */
export type ResetStepProps = {
  /** The address typed so far, so nobody types it twice. */
  initialEmail: string;
  busy: boolean;
  onBack: () => void;
};

export type ResetStepLinksProps = {
  busy: boolean;
  /** The other step's words: it is handed the address typed. */
  other: string;
  onOther: () => void;
  onBack: () => void;
};

/** Below a reset step's submit: the other step and back to login, both held while it is busy. */
export function ResetStepLinks({ busy, other, onOther, onBack }: ResetStepLinksProps) {
  const { i18n } = useI18n();
  return (
    <div className="flex flex-col items-center">
      <Button type="button" variant="link" onClick={onOther} disabled={busy}>
        {other}
      </Button>
      <Button type="button" variant="link" onClick={onBack} disabled={busy}>
        {i18n._('auth.backToLogin')}
      </Button>
    </div>
  );
}

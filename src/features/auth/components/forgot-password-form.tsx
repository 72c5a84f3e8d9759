import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { EmailField } from './email-field';
import { ResetStepLinks, type ResetStepProps } from './reset-step-links';
import { useI18n } from '@/i18n/i18n-context';

export type ForgotPasswordFormProps = ResetStepProps & {
  onSubmit: (email: string) => void;
  /** For a reset e-mail already received: go and type its code. */
  onHaveCode: (email: string) => void;
};

/** Asks for the address to send a reset link and code to. */
export function ForgotPasswordForm({
  initialEmail,
  busy,
  onSubmit,
  onHaveCode,
  onBack,
}: ForgotPasswordFormProps) {
  const { i18n } = useI18n();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onSubmit(email.trim());
  }

  return (
    <form className="space-y-4" onSubmit={handleSubmit} aria-busy={busy}>
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
      <Button type="submit" className="w-full" disabled={busy}>
        {i18n._(busy ? 'auth.sending' : 'auth.sendReset')}
      </Button>
      <ResetStepLinks
        busy={busy}
        other={i18n._('auth.haveCode')}
        onOther={() => onHaveCode(email.trim())}
        onBack={onBack}
      />
    </form>
  );
}

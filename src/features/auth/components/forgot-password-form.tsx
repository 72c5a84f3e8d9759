import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { EmailField } from './email-field';
import { useI18n } from '@/i18n/i18n-context';

export type ForgotPasswordFormProps = {
  /** What was typed on the login form, so nobody types their address twice. */
  initialEmail: string;
  busy: boolean;
  onSubmit: (email: string) => void;
  /** For a reset e-mail already received: go and type its code. */
  onHaveCode: (email: string) => void;
  onBack: () => void;
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
      <div className="flex flex-col items-center">
        <Button
          type="button"
          variant="link"
          onClick={() => onHaveCode(email.trim())}
          disabled={busy}
        >
          {i18n._('auth.haveCode')}
        </Button>
        <Button type="button" variant="link" onClick={onBack} disabled={busy}>
          {i18n._('auth.backToLogin')}
        </Button>
      </div>
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { EmailField } from './email-field';

export type ForgotPasswordFormProps = {
  busy: boolean;
  onSubmit: (email: string) => void;
  onBack: () => void;
};

/** Asks for the address to send a reset link to. */
export function ForgotPasswordForm({ busy, onSubmit, onBack }: ForgotPasswordFormProps) {
  const id = useId();
  const [email, setEmail] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onSubmit(email.trim());
  }

  return (
    <form className="space-y-4" onSubmit={handleSubmit} aria-busy={busy}>
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Sending...' : 'Send reset link'}
      </Button>
      <div className="text-center">
        <Button type="button" variant="link" onClick={onBack} disabled={busy}>
          Back to login
        </Button>
      </div>
    </form>
  );
}

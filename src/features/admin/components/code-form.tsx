import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cleanCode } from '../utils/mfa-error';
import { useI18n } from '@/i18n/i18n-context';

export type CodeFormProps = {
  busy: boolean;
  /** The auth server's refusal, in words (utils/mfa-error.ts), until the next attempt. */
  error: string | null;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (code: string) => void;
  /** Above the field: a choice of authenticator, say. */
  children?: ReactNode;
};

/**
 * The six digits from the authenticator app. `one-time-code` lets a phone offer the code from a
 * password manager; `numeric` brings up the digit pad. A malformed code is caught here, before
 * a request spends one of the attempts the auth server allows.
 */
export function CodeForm({
  busy,
  error,
  submitLabel,
  busyLabel,
  onSubmit,
  children,
}: CodeFormProps) {
  const { i18n } = useI18n();
  const id = useId();
  const [code, setCode] = useState('');
  const [malformed, setMalformed] = useState(false);
  const message = malformed ? i18n._('admin.code.malformed') : error;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const cleaned = cleanCode(code);
    setMalformed(cleaned === null);
    if (cleaned) onSubmit(cleaned);
  }

  return (
    <form className="space-y-4" onSubmit={handleSubmit} aria-busy={busy}>
      {children}
      <div className="space-y-2">
        <Label htmlFor={`${id}-code`}>{i18n._('admin.code.label')}</Label>
        <Input
          id={`${id}-code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={8}
          required
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-code-error` : `${id}-code-hint`}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setMalformed(false);
          }}
          className="text-lg tracking-[0.3em] tabular-nums"
        />
        {message ? (
          <p id={`${id}-code-error`} role="alert" className="text-destructive text-sm">
            {message}
          </p>
        ) : (
          <p id={`${id}-code-hint`} className="text-muted-foreground text-sm">
            {i18n._('admin.code.hint')}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}

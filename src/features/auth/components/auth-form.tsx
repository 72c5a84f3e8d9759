import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { EmailField } from './email-field';
import type { Credentials } from '../api/sign-in';
import { useI18n } from '@/i18n/i18n-context';

export type AuthMode = 'login' | 'signup';

export type AuthFormProps = {
  mode: AuthMode;
  busy: boolean;
  onSubmit: (credentials: Credentials) => void;
  onToggleMode: () => void;
  /** Shown on the login form: asks for a reset link instead, for the address typed so far. */
  onForgotPassword?: (email: string) => void;
};

/** The login / sign-up form; the page decides what submitting does. */
export function AuthForm({ mode, busy, onSubmit, onToggleMode, onForgotPassword }: AuthFormProps) {
  const { i18n } = useI18n();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = mode === 'login';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The browser has already enforced `required` and `type="email"`; a busy form ignores repeats.
    if (!busy) onSubmit({ email: email.trim(), password });
  }

  return (
    <form className="space-y-4" onSubmit={handleSubmit} aria-busy={busy}>
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
      <div className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={`${id}-password`}>{i18n._('auth.password')}</Label>
          {login && onForgotPassword && (
            <Button
              type="button"
              variant="link"
              className="h-auto p-0 text-sm"
              onClick={() => onForgotPassword(email.trim())}
              disabled={busy}
            >
              {i18n._('auth.forgotPassword')}
            </Button>
          )}
        </div>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete={login ? 'current-password' : 'new-password'}
          required
          aria-describedby={login ? undefined : `${id}-password-hint`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {!login && (
          <p id={`${id}-password-hint`} className="text-muted-foreground text-sm">
            {i18n._('account.passwordHint')}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {i18n._(busy ? 'auth.loading' : login ? 'auth.login' : 'auth.signUp')}
      </Button>
      <div className="text-center">
        <Button type="button" variant="link" onClick={onToggleMode} disabled={busy}>
          {i18n._(login ? 'auth.toSignUp' : 'auth.toLogin')}
        </Button>
      </div>
    </form>
  );
}

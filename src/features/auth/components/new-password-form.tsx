import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export type NewPasswordFormProps = { busy: boolean; onSubmit: (password: string) => void };

/** The new password after a reset link (the recovery session is already signed in). */
export function NewPasswordForm({ busy, onSubmit }: NewPasswordFormProps) {
  const id = useId();
  const [password, setPassword] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onSubmit(password);
  }

  return (
    <form className="space-y-4" onSubmit={handleSubmit} aria-busy={busy}>
      <div className="space-y-2">
        <Label htmlFor={`${id}-password`}>New password</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          aria-describedby={`${id}-hint`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p id={`${id}-hint`} className="text-muted-foreground text-sm">
          At least 8 characters.
        </p>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
